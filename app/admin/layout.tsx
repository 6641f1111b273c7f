import Link from "next/link";
import type { ReactNode } from "react";
import { pageRequiresRole, signOutAction } from "@/lib/auth/session";

const sections = [
  { href: "/admin", label: "Models" },
  { href: "/admin/moderation", label: "Moderation" },
  { href: "/admin/failures", label: "Failure cases" },
  { href: "/admin/integrity", label: "Vote integrity" },
  { href: "/admin/leaderboard", label: "Leaderboard" },
  { href: "/admin/bench", label: "Bench" },
  { href: "/admin/drift", label: "Drift watch" },
  { href: "/admin/users", label: "People" },
  { href: "/admin/tokens", label: "API tokens" },
  { href: "/admin/settings", label: "Settings" },
  { href: "/admin/audit", label: "Audit trail" },
];

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await pageRequiresRole("admin");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 pb-3 dark:border-zinc-800">
        <nav aria-label="Admin" className="flex flex-wrap gap-1 text-sm">
          {sections.map((s) => (
            <Link key={s.href} href={s.href} className="rounded-md px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
              {s.label}
            </Link>
          ))}
          <Link href="/research" className="rounded-md px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
            Research export
          </Link>
        </nav>
        <form action={signOutAction} className="flex items-center gap-2 text-sm muted">
          <span>{admin.email}</span>
          <button type="submit" className="btn-secondary">
            Sign out
          </button>
        </form>
      </div>
      {children}
    </div>
  );
}
