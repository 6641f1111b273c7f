// The composite board's page body (/leaderboard?board=composite): what it joins with each source's weight, the
// models held by votes alone, and the board itself in the live board's table. The page reads the snapshot.
import Link from "next/link";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { LocalTime } from "@/components/local-time";
import { EmptyPanel, PageHeading } from "@/components/page-heading";
import { ScrollBox } from "@/components/scroll-box";
import type { Translate } from "@/lib/i18n/client";
import type { servedSnapshot } from "@/lib/leaderboard";

type Served = Awaited<ReturnType<typeof servedSnapshot>>;

const th = "whitespace-nowrap px-2 py-1.5 text-left font-medium sm:px-3";
const td = "px-2 py-1.5 sm:px-3";

export function CompositeView({ snapshot, t }: { snapshot: Served; t: Translate }) {
  const composite = snapshot?.payload.composite;
  const withGroundTruth = new Set(
    composite?.components.filter((c) => c.kind === "benchmark").flatMap((c) => c.models) ?? [],
  );
  const votesOnly = snapshot?.payload.models.filter((m) => !withGroundTruth.has(m.model)) ?? [];
  return (
    <div className="space-y-4">
      <PageHeading title={t("composite.title")} intro={t("composite.intro")} />
      <p className="text-sm">
        <Link className="underline" href="/leaderboard">
          {t("composite.back")}
        </Link>
      </p>
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
          <section aria-labelledby="composite-joins" className="space-y-1">
            <h2 id="composite-joins" className="text-sm font-semibold">
              {t("composite.joins")}
            </h2>
            <ScrollBox label={t("composite.joins")}>
              <table className="min-w-full text-sm" data-testid="composite-weights">
                <thead>
                  <tr className="border-b border-zinc-200 dark:border-zinc-800">
                    <th className={th}>{t("composite.source")}</th>
                    <th className={`${th} text-right`}>{t("composite.weight")}</th>
                    <th className={`${th} text-right`}>{t("composite.rows")}</th>
                    <th className={`${th} text-right`}>{t("composite.modelsHead")}</th>
                  </tr>
                </thead>
                <tbody>
                  {composite.components.map((c) => (
                    <tr key={`${c.kind}:${c.name}`} className="border-b border-zinc-100 dark:border-zinc-900">
                      <td className={td}>{c.kind === "human" ? t("composite.votesSource") : c.name}</td>
                      <td className={`${td} text-right tabular-nums`}>{c.weight}</td>
                      <td className={`${td} text-right tabular-nums`}>{c.rows.toLocaleString("en")}</td>
                      <td className={`${td} text-right tabular-nums`}>{c.models.length}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          </section>
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
