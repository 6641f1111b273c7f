import Link from "next/link";
import { HeaderAccount } from "./header-account";
import { NavLinks } from "./nav-links";
import { NavMenu } from "./nav-menu";
import { ThemeSwitch } from "./theme-switch";

export const NAV_LINKS = [
  { href: "/", label: "Arena" },
  { href: "/side-by-side", label: "Side by side" },
  { href: "/chat", label: "Direct chat" },
  { href: "/leaderboard", label: "Leaderboard" },
  { href: "/explore", label: "Explore" },
  { href: "/bench", label: "Bench" },
  { href: "/benchmarks", label: "Benchmarks" },
  { href: "/data", label: "Data" },
];

export function SiteHeader() {
  return (
    <header className="border-b border-zinc-200 bg-white/80 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/80">
      <nav className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 lg:gap-6" aria-label="Main">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <span
            aria-hidden
            className="inline-block size-6 rounded-md bg-gradient-to-br from-brand-500 to-fuchsia-500"
          />
          Vision Arena
        </Link>
        {/* from 1024 px the links in a row; below, the same links behind a menu button */}
        <NavLinks links={NAV_LINKS} />
        <span className="ml-auto flex items-center gap-2">
          <HeaderAccount />
          <ThemeSwitch />
          <NavMenu links={NAV_LINKS} />
        </span>
      </nav>
    </header>
  );
}
