// The one writer of BenchmarkVerdict rows, for runs of the engine (scoreBenchmarkRun) and for imported toolkit
// predictions alike, and the one place a verdict read from a toolkit's extraction is labelled with that toolkit.
import { type Sql, sql } from "../db/sql";
import type { PrismaClient } from "../generated/prisma/client";
import type { Verdict } from "./definition";

/** Bumped when a rule changes: verdicts of another version are recomputed. */
export const SCORER_VERSION = "1";

/**
 * The run each model counts by on each set (`which`: a condition on run `r`), as the report counts a model once:
 * its newest native run with current verdicts, else its newest imported one. A CTE body: (id, "modelId", "setId").
 */
export const countedRunsSql = (which: Sql) =>
  sql`SELECT DISTINCT ON (r."setId", r."modelId") r.id, r."modelId", r."setId"
        FROM "EvalRun" r
       WHERE ${which}
         -- the drift watch's canary runs are its own: a model's benchmark figures are its full runs
         AND NOT EXISTS (SELECT 1 FROM "PromptSet" cs WHERE cs.id = r."setId" AND cs.source = 'canary')
         AND EXISTS (SELECT 1 FROM "BenchmarkVerdict" v WHERE v."runId" = r.id AND v.scorer = ${SCORER_VERSION})
       ORDER BY r."setId", r."modelId", (r.settings->'imported' IS NULL) DESC, r."createdAt" DESC`;

/** A verdict as stored: one decided by a file's extraction names the toolkit that made it. */
export function labelledVerdict(verdict: Verdict, importedFrom: string | null | undefined): Verdict {
  return importedFrom && verdict.decided_by === "file"
    ? { ...verdict, decided_by: `file:${importedFrom} extraction` }
    : verdict;
}

/** rows per statement: six arrays of this length travel as six parameters */
const ROWS_PER_STATEMENT = 5000;

/**
 * Stores the verdicts of a run's items, replacing older ones (another scorer version, or a judge's second look).
 * `prisma` is the client or a transaction's, so an import writes its run, answers and verdicts together.
 */
export async function writeVerdicts(
  prisma: Pick<PrismaClient, "$executeRaw">,
  runId: string,
  verdicts: { itemId: string; verdict: Verdict }[],
): Promise<void> {
  for (let start = 0; start < verdicts.length; start += ROWS_PER_STATEMENT) {
    const chunk = verdicts.slice(start, start + ROWS_PER_STATEMENT);
    const column = <T>(of: (v: Verdict) => T) => chunk.map(({ verdict }) => of(verdict));
    await prisma.$executeRaw`
      INSERT INTO "BenchmarkVerdict" ("runId", "itemId", extraction, prediction, truth, correct, "decidedBy", scorer)
      SELECT ${runId}::uuid, v.*, ${SCORER_VERSION}
        FROM unnest(${chunk.map((v) => v.itemId)}::uuid[], ${column((v) => v.extraction)}::text[],
                    ${column((v) => v.prediction)}::text[], ${column((v) => v.truth ?? null)}::text[],
                    ${column((v) => v.correct)}::bool[], ${column((v) => v.decided_by)}::text[]) AS v
      ON CONFLICT ("runId", "itemId") DO UPDATE SET extraction = EXCLUDED.extraction, prediction = EXCLUDED.prediction,
        truth = EXCLUDED.truth, correct = EXCLUDED.correct, "decidedBy" = EXCLUDED."decidedBy", scorer = EXCLUDED.scorer,
        "createdAt" = now()`;
  }
}
