// Progress and cost of judgings, for `arena bench status`, the console and /bench.
import type { Db } from "../db/context";
import { sql } from "../db/sql";

export interface JudgingStatus {
  id: string;
  set: string;
  candidate: string;
  anchor: string;
  judge: string;
  status: string;
  /** games to judge: two per item whose candidate and anchor answers are both complete */
  games: number;
  judged: number;
  invalid: number;
  failed: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  error: string | null;
  createdAt: Date;
}

export async function judgingStatuses(db: Db, judgeRunId?: string): Promise<JudgingStatus[]> {
  const { rows } = await db.pool.query<JudgingStatus>(
    sql`SELECT j.id, s.name || '@' || s.version AS set, c."modelId" AS candidate, an."modelId" AS anchor,
            j."judgeModelId" AS judge, j.status::text AS status, j.error, j."createdAt",
            2 * (SELECT count(*)::int FROM "EvalAnswer" x JOIN "EvalAnswer" y
                    ON y."itemId" = x."itemId" AND y."runId" = j."anchorRunId" AND y.error IS NULL
                  WHERE x."runId" = j."candidateRunId" AND x.error IS NULL) AS games,
            count(g.game) FILTER (WHERE g.error IS NULL AND g.verdict IS NOT NULL)::int AS judged,
            count(g.game) FILTER (WHERE g.error IS NULL AND g.verdict IS NULL)::int AS invalid,
            count(g.game) FILTER (WHERE g.error IS NOT NULL)::int AS failed,
            coalesce(sum(g.calls), 0)::int AS calls,
            coalesce(sum(g."inputTokens"), 0)::int AS "inputTokens",
            coalesce(sum(g."outputTokens"), 0)::int AS "outputTokens",
            sum(g."costUsd") AS "costUsd"
       FROM "JudgeRun" j
       JOIN "EvalRun" c ON c.id = j."candidateRunId"
       JOIN "EvalRun" an ON an.id = j."anchorRunId"
       JOIN "PromptSet" s ON s.id = c."setId"
       LEFT JOIN "Judgment" g ON g."judgeRunId" = j.id
      WHERE (${judgeRunId ?? null}::uuid IS NULL OR j.id = ${judgeRunId ?? null}::uuid)
      GROUP BY j.id, s.name, s.version, c."modelId", an."modelId"
      ORDER BY j."createdAt" DESC`,
  );
  return rows.map((r) => ({ ...r, costUsd: r.costUsd === null ? null : Number(r.costUsd) }));
}
