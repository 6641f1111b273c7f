"use client";
// The footer's language switch: the choice is kept in a cookie for a year (it wins over the browser's languages)
// and the page is rendered again in it.
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/client";

export function LocaleSwitch({ current, label }: { current: Locale; label: string }) {
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      {label}
      <select
        value={current}
        onChange={(event) => {
          // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server
          document.cookie = `${LOCALE_COOKIE}=${event.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
        className="rounded-md border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
