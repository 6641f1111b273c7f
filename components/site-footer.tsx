// The pages people look for and do not find in the header: what the arena is, its data, where models fail; and the
// language switch.
import Link from "next/link";
import { catalogueScriptUrl, LOCALES } from "@/lib/i18n";
import { serverTranslator } from "@/lib/i18n/session";
import { LocaleSwitch } from "./locale-switch";

const LINKS = [
  { href: "/history", key: "footer.history" },
  { href: "/about", key: "footer.about" },
  { href: "/failures", key: "footer.failures" },
  { href: "/data", key: "footer.data" },
  // the downloads need a researcher's account: visitors land on the dataset's public page, which says how
  { href: "/data#for-researchers", key: "footer.researchers" },
  { href: "/credits", key: "footer.credits" },
  { href: "/leaderboard", key: "footer.leaderboard" },
  { href: "/signin", key: "footer.staff" },
];

export async function SiteFooter() {
  const { t, locale } = await serverTranslator();
  return (
    <footer className="mt-8 border-t border-zinc-200 dark:border-zinc-800">
      <nav aria-label={t("footer.more")} className="mx-auto max-w-6xl px-4 py-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm muted">
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-3xl text-xs muted">{t("footer.note")}</p>
          <LocaleSwitch
            current={locale}
            label={t("footer.language")}
            catalogues={Object.fromEntries(LOCALES.map((l) => [l, catalogueScriptUrl(l)]))}
          />
        </div>
      </nav>
    </footer>
  );
}
