// The composite board's page body (/leaderboard?board=composite): what it joins with each source's weight, the
// models held by votes alone, and the board itself in the live board's table, with or without style control on
// its human battles. The page reads the snapshot.
import Link from "next/link";
import { DataTable } from "@/components/data-table";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { LocalTime } from "@/components/local-time";
import { EmptyPanel, Page, PageSection } from "@/components/page-heading";
import type { Translate } from "@/lib/i18n/client";
import type { servedSnapshot } from "@/lib/leaderboard";

type Served = Awaited<ReturnType<typeof servedSnapshot>>;

export function CompositeView({ snapshot, style, t }: { snapshot: Served; style: boolean; t: Translate }) {
  const download = (format: "csv" | "json") =>
    `/api/leaderboard?board=composite&style=${style ? 1 : 0}&format=${format}`;
  const composite = snapshot?.payload.composite;
  const withGroundTruth = new Set(
    composite?.components.filter((c) => c.kind === "benchmark").flatMap((c) => c.models) ?? [],
  );
  const votesOnly = snapshot?.payload.models.filter((m) => !withGroundTruth.has(m.model)) ?? [];
  return (
    <Page
      title={t("composite.title")}
      intro={t("composite.intro")}
      back={{ href: "/leaderboard", label: t("composite.back") }}
    >
      <p className="text-sm">
        <Link
          href={`/leaderboard?board=composite&style=${style ? 0 : 1}`}
          title={style ? t("board.styleOnTitle") : t("board.styleOffTitle")}
          className="rounded-md border border-zinc-300 px-2 py-0.5 dark:border-zinc-700"
        >
          {style ? t("board.styleOn") : t("board.styleOff")}
        </Link>
      </p>
      {!snapshot || !composite ? (
        <EmptyPanel>{t("composite.empty")}</EmptyPanel>
      ) : (
        <>
          <p className="text-xs muted" data-testid="snapshot-info">
            {t("board.lastUpdated")} <LocalTime iso={snapshot.createdAt.toISOString()} /> ·{" "}
            {t("board.models", { count: snapshot.payload.models.length })} ·{" "}
            {t("board.votes", { count: snapshot.voteCount })} · {t("board.download")}{" "}
            <a className="underline" href={download("csv")} download="leaderboard-composite.csv">
              CSV
            </a>{" "}
            <a className="underline" href={download("json")} download="leaderboard-composite.json">
              JSON
            </a>
          </p>
          <PageSection id="composite-joins" gap="space-y-1" size="sm" title={t("composite.joins")}>
            <DataTable
              label={t("composite.joins")}
              testId="composite-weights"
              rows={composite.components}
              rowKey={(c) => `${c.kind}:${c.name}`}
              compact
              columns={[
                {
                  header: t("composite.source"),
                  cell: (c) => (c.kind === "human" ? t("composite.votesSource") : c.name),
                },
                { header: t("composite.weight"), numeric: true, cell: (c) => c.weight },
                { header: t("composite.rows"), numeric: true, cell: (c) => c.rows.toLocaleString("en") },
                { header: t("composite.modelsHead"), numeric: true, cell: (c) => c.models.length },
              ]}
            />
          </PageSection>
          {votesOnly.length > 0 && (
            <p className="text-xs muted" data-testid="votes-only">
              {t("composite.votesOnly", { count: votesOnly.length })} {votesOnly.map((m) => m.displayName).join(", ")}
            </p>
          )}
          <LeaderboardTable models={snapshot.payload.models} minVotes={0} />
        </>
      )}
    </Page>
  );
}
