"use client";
// What the listing policy says of a model, on the table and the cards: preliminary (too few votes to rank), retired,
// and how fragile its place is ("order holds unless N votes are removed", explained on /about).
import Link from "next/link";
import { useT } from "@/components/i18n";
import type { SnapshotModel } from "@/lib/leaderboard";

const badge = "ml-2 inline-block rounded px-1 text-xs";

export function ListingBadges({ model: m, minVotes }: { model: SnapshotModel; minVotes: number }) {
  const t = useT();
  return (
    <>
      {m.preliminary && (
        <span
          className={`${badge} bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}
          title={t("board.preliminaryTitle", { count: minVotes })}
        >
          {t("board.preliminary")}
        </span>
      )}
      {m.retired && (
        <span className={`${badge} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>
          {t("board.retired")}
        </span>
      )}
      {m.fragility?.votes != null && (
        <Link
          href="/about#fragility"
          className={`${badge} bg-sky-50 text-sky-900 hover:underline dark:bg-sky-950 dark:text-sky-200`}
          data-testid="fragility"
          title={t("board.fragilityTitle", { votes: m.fragility.votes, with: m.fragility.with ?? "" })}
        >
          {t("board.fragility", { count: m.fragility.votes })}
        </Link>
      )}
    </>
  );
}

/** "+12/−9", or "too few votes (N)" where no interval can be shown honestly. */
export function IntervalText({ model: m }: { model: SnapshotModel }) {
  const t = useT();
  if (m.preliminary || !Number.isFinite(m.ciUpper) || !Number.isFinite(m.ciLower))
    return <span className="muted">{t("board.tooFewVotes", { count: m.votes })}</span>;
  return (
    <>
      +{Math.round(m.ciUpper - m.rating)}/−{Math.round(m.rating - m.ciLower)}
    </>
  );
}
