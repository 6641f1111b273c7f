"use client";
// Who is signed in, in the header: staff see where their work is (console or research) instead of "Staff sign-in".
// Asked of /api/me after the page loads, so every page can stay static or cached.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { useT } from "./i18n";

interface Me {
  email?: string | null;
  role?: string;
}

export function HeaderAccount() {
  const t = useT();
  const [user, setUser] = useState<Me | null>(null);
  // asked again on every navigation: signing in or out (client-side navigations) shows at once, without a reload
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what should ask again
  useEffect(() => {
    fetch("/api/me")
      .then((r) => (r.ok ? (r.json() as Promise<Me>) : null))
      .then((me) => setUser(me))
      .catch(() => setUser(null));
  }, [pathname]);
  const linkClass =
    "whitespace-nowrap text-xs text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100";
  if (!user?.email) {
    return (
      // below 400 px the header has no room: the footer carries the link there
      <Link href="/signin" className={`${linkClass} hidden min-[400px]:inline`}>
        {t("nav.staffSignIn")}
      </Link>
    );
  }
  const home = user.role === "admin" ? { href: "/admin", label: "Console" } : { href: "/research", label: "Research" };
  return (
    // under 360 px the header has no room for it: the footer's "Staff area" leads staff to their console there
    <span className="hidden items-center gap-2 text-xs text-zinc-600 min-[360px]:flex dark:text-zinc-400">
      <span className="hidden xl:inline" data-testid="signed-in-as">
        {user.email}
      </span>
      <Link
        href={home.href}
        className="rounded-md border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {home.label}
      </Link>
    </span>
  );
}
