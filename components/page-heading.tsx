// The top of a page: its title (with whatever badge follows it) and one line saying what the page is; and the
// panel a page shows where its content would be when there is none yet. One look for every page.
import type { ReactNode } from "react";

export function PageHeading({ title, intro, badge }: { title: ReactNode; intro?: ReactNode; badge?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">
        {title}
        {badge}
      </h1>
      {intro ? <p className="text-sm muted">{intro}</p> : null}
    </div>
  );
}

/** Where a page's content would be, when there is none yet: what is missing and, where it helps, why. */
export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-zinc-200 bg-white p-6 text-sm muted dark:border-zinc-800 dark:bg-zinc-900">
      {children}
    </p>
  );
}
