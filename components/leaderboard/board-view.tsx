// The leaderboard page's body: title and intro, the category and style switches, the snapshot's line (when, how many,
// the method, downloads), the table, its charts and the rank history. The page reads the boards and hands them here.
import Link from "next/link";
import { RankHistoryChart } from "@/components/charts/rank-history";
import { DemoNote } from "@/components/demo-note";
import { EvidencePanel } from "@/components/leaderboard/evidence-panel";
import { LazyCharts } from "@/components/leaderboard/lazy-charts";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { methodLabel } from "@/components/leaderboard/method-label";
import { LocalTime } from "@/components/local-time";
import { EmptyPanel } from "@/components/page-heading";
import { StaffDetails } from "@/components/staff-details";
import { localCategoryLabel } from "@/lib/categories";
import { demoBoardShown } from "@/lib/export";
import type { Translate } from "@/lib/i18n/client";
import {
  LISTING_MIN_VOTES,
  type servedCategories,
  type servedRankHistory,
  type servedSnapshot,
} from "@/lib/leaderboard";

type Served = Awaited<ReturnType<typeof servedSnapshot>>;

export interface BoardViewProps {
  category: string;
  style: boolean;
  snapshot: Served;
  /** the overall board without style control: its run's summary has every category's ranks */
  overall: Served;
  /** this category without style control, when style control is on (the charts' pairs) */
  plain: Served;
  categories: Awaited<ReturnType<typeof servedCategories>>;
  demoBattles: number;
  ranks: Awaited<ReturnType<typeof servedRankHistory>>;
  /** a composite board (votes and ground truth) exists: the options link to it */
  composite?: boolean;
  t: Translate;
}

export function BoardView({
  category,
  style,
  snapshot,
  overall,
  plain,
  categories,
  demoBattles,
  ranks,
  composite = false,
  t,
}: BoardViewProps) {
  const demoBoard = Boolean(snapshot?.payload.models.some((m) => m.isDemo));
  // the run's summary (on the overall board) has every category's ranks, with and without style control
  const summary = overall?.payload.summary ?? [];
  const overallSummary = summary.find((c) => c.category === "overall");
  // the board as shown, from the public API (the same file `arena leaderboard --format csv|json` writes)
  const download = (format: "csv" | "json") =>
    `/api/leaderboard?category=${encodeURIComponent(category)}&style=${style ? 1 : 0}&format=${format}`;
  const href = (next: { category?: string; style?: boolean }) =>
    `/leaderboard?category=${encodeURIComponent(next.category ?? category)}&style=${(next.style ?? style) ? 1 : 0}`;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">
          {t("board.title")}
          {demoBoard && (
            <span className="ml-2 rounded-md bg-amber-100 px-2 py-0.5 align-middle text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {t("board.demoBoard")}
            </span>
          )}
        </h1>
        <p className="text-sm muted">
          {t("board.intro")} <span className="hidden sm:inline">{t("board.introRank")} </span>
          <Link href="/about" className="underline">
            {t("board.howScores")}
          </Link>
        </p>
      </div>
      {/* one row on a phone: the categories scroll sideways beside the style switch, so the board starts in view */}
      <nav className="flex items-center gap-2 text-sm" aria-label={t("board.options")}>
        <span className="hidden text-zinc-600 sm:inline dark:text-zinc-400">{t("board.category")}</span>
        <span className="flex min-w-0 flex-1 gap-1 overflow-x-auto whitespace-nowrap sm:flex-wrap">
          {(categories.length ? categories : [{ category: "overall", votes: 0 }]).map((c) => (
            <Link
              key={c.category}
              href={href({ category: c.category })}
              aria-current={c.category === category ? "page" : undefined}
              className={`rounded-md border px-2 py-0.5 ${c.category === category ? "border-brand-600 bg-brand-600 text-white" : "border-zinc-300 dark:border-zinc-700"}`}
            >
              {localCategoryLabel(c.category, t)}
            </Link>
          ))}
        </span>
        <Link
          href={href({ style: !style })}
          title={style ? t("board.styleOnTitle") : t("board.styleOffTitle")}
          className="shrink-0 whitespace-nowrap rounded-md border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"
        >
          {style ? t("board.styleOn") : t("board.styleOff")}
        </Link>
      </nav>
      {/* the other boards: for pictures like the reader's, and votes joined with ground truth when it exists */}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="other-boards">
        <Link href="/which-model" className="underline">
          {t("composite.likeMine")}
        </Link>
        <Link href="/me" className="underline">
          {t("me.link")}
        </Link>
        {composite && (
          <Link href="/leaderboard?board=composite" title={t("composite.linkTitle")} className="underline">
            {t("composite.link")}
          </Link>
        )}
      </p>
      {!snapshot && <DemoNote battles={demoBattles} onBoard={demoBoardShown()} />}
      {!snapshot ? (
        <EmptyPanel>{t("board.empty")}</EmptyPanel>
      ) : (
        <>
          <p className="text-xs muted" data-testid="snapshot-info">
            {t("board.lastUpdated")} <LocalTime iso={snapshot.createdAt.toISOString()} /> ·{" "}
            {t("board.models", { count: snapshot.payload.models.length })} ·{" "}
            {t("board.votes", { count: snapshot.voteCount })}
            {snapshot.published ? ` · ${t("board.published")}` : ""}
            {snapshot.payload.method ? (
              <>
                {" · "}
                <Link className="underline" href="/about#method">
                  {methodLabel(snapshot.payload.method, t)}
                </Link>
              </>
            ) : null}{" "}
            · {t("board.download")}{" "}
            <a className="underline" href={download("csv")} download={`leaderboard-${category}.csv`}>
              CSV
            </a>{" "}
            {/* saved, not opened in the tab: both are downloads */}
            <a className="underline" href={download("json")} download={`leaderboard-${category}.json`}>
              JSON
            </a>
            {snapshot.payload.categoriesLabelledBy && category !== "overall"
              ? ` · ${t("board.labelledBy", { by: snapshot.payload.categoriesLabelledBy === "rules" ? t("board.keywordRules") : snapshot.payload.categoriesLabelledBy })}`
              : ""}
          </p>
          <DemoNote battles={demoBattles} onBoard={demoBoard} />
          <LeaderboardTable
            models={snapshot.payload.models}
            minVotes={snapshot.payload.method?.minVotes ?? LISTING_MIN_VOTES}
            overallRanks={
              category === "overall" ? undefined : style ? overallSummary?.styleRanks : overallSummary?.ranks
            }
            plainRatings={
              style && plain ? Object.fromEntries(plain.payload.models.map((m) => [m.model, m.rating])) : undefined
            }
          />
          {snapshot.payload.evidence && <EvidencePanel evidence={snapshot.payload.evidence} t={t} />}
          <LazyCharts
            snapshot={snapshot.id}
            summary={category === "overall" ? overall?.id : undefined}
            pairs={plain?.id}
          />
          <RankHistoryChart history={ranks} title={t(style ? "board.rankHistoryStyle" : "board.rankHistory")} t={t} />
          {snapshot.payload.warnings.length > 0 && (
            <>
              <p className="text-xs muted">{t("board.settling")}</p>
              <StaffDetails>
                <ul className="list-disc pl-5">
                  {snapshot.payload.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </StaffDetails>
            </>
          )}
        </>
      )}
    </div>
  );
}
