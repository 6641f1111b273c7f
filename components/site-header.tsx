import Link from "next/link";
import { serverTranslator } from "@/lib/i18n/session";
import { HeaderAccount } from "./header-account";
import { NavLinks } from "./nav-links";
import { NavMenu } from "./nav-menu";
import { ThemeSwitch } from "./theme-switch";

/** The header's links: where, and the catalogue key of their label. */
export const NAV_LINKS = [
  { href: "/", key: "nav.arena" },
  { href: "/side-by-side", key: "nav.sideBySide" },
  { href: "/chat", key: "nav.chat" },
  { href: "/leaderboard", key: "nav.leaderboard" },
  { href: "/explore", key: "nav.explore" },
  { href: "/bench", key: "nav.bench" },
  { href: "/benchmarks", key: "nav.benchmarks" },
  { href: "/data", key: "nav.data" },
];

export async function SiteHeader() {
  const { t } = await serverTranslator();
  const links = NAV_LINKS.map((link) => ({ href: link.href, label: t(link.key) }));
  return (
    <header className="border-b border-zinc-200 bg-white/80 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/80">
      <nav className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 lg:gap-6" aria-label={t("nav.main")}>
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <span
            aria-hidden
            className="inline-block size-6 rounded-md bg-gradient-to-br from-brand-500 to-fuchsia-500"
          />
          Vision Arena
        </Link>
        {/* from 1024 px the links in a row; below, the same links behind a menu button */}
        <NavLinks links={links} />
        <span className="ml-auto flex items-center gap-2">
          <HeaderAccount />
          <ThemeSwitch />
          <NavMenu links={links} label={t("nav.menu")} />
        </span>
      </nav>
    </header>
  );
}
