// What the research page says before anyone downloads: how many released battles there are (the export's own rule,
// publication delay included), over which days, and which non-demo models can be filtered on.
import { FROM_BATTLES, publicationDelayDays, releasedBattleClauses } from "../dataset-stats/released";
import type { Db } from "../db/context";
import { raw, sql } from "../db/sql";

export interface ResearchSummary {
  battles: number;
  /** the publication delay in days (ARENA_EXPORT_DELAY_DAYS): younger battles are held back */
  delayDays: number;
  first: Date | null;
  last: Date | null;
  models: { id: string; displayName: string }[];
}

export async function researchSummary(db: Db): Promise<ResearchSummary> {
  const [models, counts] = await Promise.all([
    db.prisma.model.findMany({
      where: { isDemo: false },
      orderBy: { displayName: "asc" },
      select: { id: true, displayName: true },
    }),
    db.pool.query<{ battles: number; first: Date | null; last: Date | null }>(
      sql`SELECT count(*)::int AS battles, min(v."createdAt") AS first, max(v."createdAt") AS last
         ${raw(FROM_BATTLES)} WHERE ${raw(releasedBattleClauses().join(" AND "))}`,
    ),
  ]);
  const row = counts.rows[0];
  return {
    battles: row?.battles ?? 0,
    delayDays: publicationDelayDays(),
    first: row?.first ?? null,
    last: row?.last ?? null,
    models,
  };
}
