"use client";
// The footer's language switch: the choice is kept in a cookie for a year (it wins over the browser's languages),
// the new language's catalogue is loaded for the client components (components/i18n.tsx), and the page is rendered
// again in it, keeping what the visitor had on screen.
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/client";

/** Runs a language's catalogue script (its address from the server: it carries the catalogues' version). */
const loadCatalogue = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("catalogue"));
    document.head.append(script);
  });

export function LocaleSwitch({
  current,
  label,
  catalogues,
}: {
  current: Locale;
  label: string;
  catalogues: Record<string, string>;
}) {
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-xs muted">
      {label}
      <select
        value={current}
        onChange={(event) => {
          const chosen = event.target.value;
          // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server
          document.cookie = `${LOCALE_COOKIE}=${chosen}; path=/; max-age=31536000; samesite=lax`;
          // without its catalogue (offline, blocked) the page is loaded again whole, which brings it
          loadCatalogue(catalogues[chosen] as string).then(
            () => router.refresh(),
            () => window.location.reload(),
          );
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
