// The top of a page: its title (with whatever badge follows it) and one line saying what the page is; and the
// panel a page shows where its content would be when there is none yet. One look for every page.
import Link from "next/link";
import type { ReactNode } from "react";

export function PageHeading({
  title,
  intro,
  badge,
  back,
}: {
  title: ReactNode;
  intro?: ReactNode;
  badge?: ReactNode;
  /** a line under the intro leading back to where the reader came from */
  back?: { href: string; label: ReactNode };
}) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">
        {title}
        {badge}
      </h1>
      {intro ? <p className="text-sm muted">{intro}</p> : null}
      {back ? (
        <p className="mt-2 text-sm">
          <Link className="underline" href={back.href}>
            {back.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A public page: its heading (as PageHeading) and its content below, spaced as every page is. */
export function Page({
  children,
  testId,
  ...heading
}: Parameters<typeof PageHeading>[0] & { children: ReactNode; testId?: string }) {
  return (
    <div className="space-y-4" data-testid={testId}>
      <PageHeading {...heading} />
      {children}
    </div>
  );
}

/**
 * Where a page's content would be, when there is none yet: what is missing and, where it helps, why, with an
 * optional link to what to do instead.
 */
export function EmptyPanel({
  children,
  action,
  testId,
}: {
  children: ReactNode;
  action?: { href: string; label: ReactNode };
  testId?: string;
}) {
  return (
    <p
      className="rounded-lg border border-zinc-200 bg-white p-6 text-sm muted dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={testId}
    >
      {children}
      {action ? (
        <>
          {" "}
          <Link href={action.href} className="underline">
            {action.label}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** A page's closing choices: the first link as the main action, the second beside it. */
export function LinkButtons({
  primary,
  secondary,
  centred = false,
}: {
  primary: { href: string; label: ReactNode };
  secondary: { href: string; label: ReactNode };
  centred?: boolean;
}) {
  return (
    <p className={centred ? "flex justify-center gap-3 text-sm" : "flex gap-3"}>
      <Link href={primary.href} className="btn-primary">
        {primary.label}
      </Link>
      <Link href={secondary.href} className="btn-secondary">
        {secondary.label}
      </Link>
    </p>
  );
}

/**
 * One titled part of a public page, named for assistive technology by its heading, whose id is also the anchor a
 * link may name (/about#fragility). `sectionId` puts a second anchor on the section itself.
 */
export function PageSection({
  id,
  title,
  size = "lg",
  gap = "space-y-2",
  sectionId,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  /** "lg" for a page's main parts, "sm" for a part within a panel */
  size?: "lg" | "sm";
  gap?: "space-y-1" | "space-y-2" | "space-y-3";
  sectionId?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} id={sectionId} className={gap} data-testid={testId}>
      <h2 id={id} className={size === "lg" ? "text-lg font-semibold" : "text-sm font-semibold"}>
        {title}
      </h2>
      {children}
    </section>
  );
}
