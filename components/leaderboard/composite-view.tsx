import { DataTable } from "@/components/data-table";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { LocalTime } from "@/components/local-time";
import { EmptyPanel, PageHeading, PageSection } from "@/components/page-heading";
import type { Translate } from "@/lib/i18n/client";
import type { servedSnapshot } from "@/lib/leaderboard";

type Served = Awaited<ReturnType<typeof servedSnapshot>>;

export function CompositeView({ snapshot, t }: { snapshot: Served; t: Translate }) {
  const composite = snapshot?.payload.composite;
  const withGroundTruth = new Set(
    composite?.components.filter((c) => c.kind === "benchmark").flatMap((c) => c.models) ?? [],
  );
  const votesOnly = snapshot?.payload.models.filter((m) => !withGroundTruth.has(m.model)) ?? [];
  return (
    <div className="space-y-4">
      <PageHeading
        title={t("composite.title")}
        intro={t("composite.intro")}
        back={{ href: "/leaderboard", label: t("composite.back") }}
      />
      {!snapshot || !composite ? (
        <EmptyPanel>{t("composite.empty")}</EmptyPanel>
      ) : (
        <>
          <p className="text-xs muted" data-testid="snapshot-info">
            {t("board.lastUpdated")} <LocalTime iso={snapshot.createdAt.toISOString()} /> ·{" "}
            {t("board.models", { count: snapshot.payload.models.length })} ·{" "}
            {t("board.votes", { count: snapshot.voteCount })} · {t("composite.noStyle")} · {t("board.download")}{" "}
            <a
              className="underline"
              href="/api/leaderboard?board=composite&format=csv"
              download="leaderboard-composite.csv"
            >
              CSV
            </a>{" "}
            <a
              className="underline"
              href="/api/leaderboard?board=composite&format=json"
              download="leaderboard-composite.json"
            >
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
    </div>
  );
}
