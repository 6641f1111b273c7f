// The researcher's page: who is signed in, what data there is (counts, the publication delay), the export form with
// its filters, and their API tokens. The page reads the summary and tokens and hands them here.
import Link from "next/link";
import { CreateToken } from "@/components/admin/research-tokens";
import { TokensList } from "@/components/admin/tokens-list";
import { DemoNote } from "@/components/demo-note";
import { Options } from "@/components/options";
import type { AccountUser, listApiTokens } from "@/lib/auth";
import { categoryLabel, LEADERBOARD_TAGS } from "@/lib/categories";
import type { CohortSummary } from "@/lib/cohorts";
import { demoBoardShown, type researchSummary } from "@/lib/export";
import { CohortList } from "./cohort-list";

export function ResearchView({
  user,
  summary,
  tokens,
  demoBattles,
  cohorts,
  signOut,
}: {
  user: AccountUser;
  summary: Awaited<ReturnType<typeof researchSummary>>;
  tokens: Awaited<ReturnType<typeof listApiTokens>>;
  demoBattles: number;
  cohorts: CohortSummary[];
  /** the sign-out server action */
  signOut: () => Promise<void>;
}) {
  const { models } = summary;
  const empty = summary.battles === 0;
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");
  return (
    <div className="space-y-8">
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight">Research data</h1>
          <form action={signOut} className="flex items-center gap-2 text-sm muted">
            <span>{user.email}</span>
            {user.role === "admin" ? (
              <Link href="/admin" className="btn-secondary">
                Admin console
              </Link>
            ) : null}
            <button type="submit" className="btn-secondary">
              Sign out
            </button>
          </form>
        </div>
        {empty ? (
          <p
            role="status"
            className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            No counted battles yet. Battles count once a visitor votes in an anonymous battle; battles against the demo
            models, moderated ones and votes past the daily cap are left out. Downloads open when there is data.
          </p>
        ) : null}
        <DemoNote battles={demoBattles} onBoard={demoBoardShown()} />
        <p className="text-sm muted">
          {empty ? "" : `${summary.battles} counted battles from ${day(summary.first)} to ${day(summary.last)}. `}
          {summary.delayDays > 0
            ? `Battles younger than ${summary.delayDays} day${summary.delayDays === 1 ? "" : "s"} are held back (publication delay). `
            : ""}
          The archive holds battles in the public clean-battle layout and direct chats (JSON Lines and Parquet), the
          images by hash, and a datasheet with the counts, filters and licence. Voters appear only as hashes salted anew
          for every export; no IP address or visitor id leaves the arena.
        </p>
        <form
          method="get"
          action="/api/research/archive"
          aria-label="Export filters"
          className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-4 sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <label className="text-sm">
            From
            <input type="date" name="from" className="input mt-1 block w-full" />
          </label>
          <label className="text-sm">
            Until (exclusive)
            <input type="date" name="to" className="input mt-1 block w-full" />
          </label>
          <fieldset className="text-sm">
            <legend className="mb-1">Categories (any of)</legend>
            <div className="flex flex-wrap gap-x-3 gap-y-1">
              {[...LEADERBOARD_TAGS].map((c) => (
                <label key={c} className="flex items-center gap-1">
                  <input type="checkbox" name="categories" value={c} /> {categoryLabel(c)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="text-sm">
            Models (both sides among them)
            <select name="models" multiple className="input mt-1 block h-28 w-full" disabled={models.length === 0}>
              {models.length === 0 ? <option disabled>No real models are registered yet</option> : null}
              <Options items={models} value={(m) => m.id} label={(m) => m.displayName} />
            </select>
          </label>
          <label className="text-sm">
            Minimum battles per model
            <input type="number" min={1} name="min_votes" className="input mt-1 block w-full" />
          </label>
          <fieldset className="flex flex-col gap-1 text-sm">
            <label className="flex items-center gap-1">
              <input type="checkbox" name="anonymous_only" value="1" /> Anonymous battles only
            </label>
            <label className="flex items-center gap-1">
              <input type="checkbox" name="redact" value="1" /> Redact e-mails, phones, ID numbers, addresses and names
            </label>
            <label className="flex items-center gap-1">
              <input type="checkbox" name="blur_faces" value="1" /> Blur faces in the images
            </label>
            <label className="flex items-center gap-1">
              <input type="checkbox" name="cohorts" value="1" /> Include the cohorts&apos; battles, with their tags
            </label>
          </fieldset>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={empty}>
              Download archive (.zip)
            </button>
            <button type="submit" formAction="/api/export" className="btn-secondary" disabled={empty}>
              Battles only (JSON Lines, streamed)
            </button>
          </div>
        </form>
        <p className="text-xs muted">
          The archive is assembled before it downloads (about three minutes per million battles); the JSON Lines file
          starts at once. From a script:{" "}
          <code>
            curl -H &quot;Authorization: Bearer va_…&quot; &apos;/api/export?from=2026-01-01&amp;categories=ocr&apos;
          </code>
          .
        </p>
      </section>
      <section className="space-y-3" data-testid="boards-dataset">
        <h2 className="text-lg font-semibold">Boards as data</h2>
        <p className="text-sm">
          Every published board over time in the layout of LMArena&apos;s leaderboard dataset (one subset per board and
          style, <code>latest</code> and <code>full</code> splits, Parquet and CSV, with a dataset card), and each
          model&apos;s ground-truth results as Hugging Face <code>.eval_results</code> files. Public, with its licence,
          citation line and date; <code>arena export --boards</code> writes the same.
        </p>
        <a href="/api/leaderboard/dataset" className="btn-secondary inline-block" download>
          Download boards and results (.zip)
        </a>
      </section>
      <CohortList cohorts={cohorts} />
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">API tokens</h2>
        <CreateToken />
        <TokensList tokens={tokens} revokeBase="/api/research/tokens" />
      </section>
    </div>
  );
}
