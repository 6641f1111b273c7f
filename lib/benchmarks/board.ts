// What /benchmarks shows: every imported benchmark with scored runs — its report (read only: runs are scored by
// `arena benchmark report` or after a run from the console), IsoBench's modality gap per model, and for staff one
// run's items with each step of their verdicts.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { ItemVerdict } from "./definition";
import { type ModalityGap, modalityGap } from "./modality-gap";
import { benchmarkNamed } from "./registry";
import { type BenchmarkReport, benchmarkReport } from "./runs";

export interface BenchmarkBoard {
  benchmark: string;
  report: BenchmarkReport;
  /** IsoBench: per model, best text representation − image, over items it answered both ways */
  gaps: { model: string; gap: ModalityGap }[];
}

export async function benchmarkBoards(db: Db): Promise<BenchmarkBoard[]> {
  const { rows } = await db.pool.query<{ benchmark: string; setIds: string[] }>(
    sql`SELECT s.metadata->>'benchmark' AS benchmark, array_agg(DISTINCT s.id) AS "setIds"
       FROM "PromptSet" s
      WHERE s.source LIKE 'benchmark:%'
        AND EXISTS (SELECT 1 FROM "EvalRun" r JOIN "BenchmarkVerdict" v ON v."runId" = r.id WHERE r."setId" = s.id)
      GROUP BY s.metadata->>'benchmark' ORDER BY 1`,
  );
  const boards: BenchmarkBoard[] = [];
  for (const row of rows) {
    const report = await benchmarkReport(db, row.setIds, { score: false, rounds: 500 });
    const representations = benchmarkNamed(row.benchmark)?.representations;
    const gaps = representations ? await modalityGaps(db, row.setIds, representations.techniques) : [];
    boards.push({ benchmark: row.benchmark, report, gaps });
  }
  return boards;
}

async function modalityGaps(db: Db, setIds: string[], techniques: readonly string[]) {
  const { rows } = await db.pool.query<{
    model: string;
    task: string;
    id: string;
    representation: string;
    correct: boolean;
  }>(
    sql`SELECT DISTINCT ON (r."modelId", i.id) r."modelId" AS model, i.metadata->>'task' AS task, i.metadata->>'id' AS id,
            i.metadata->>'representation' AS representation, v.correct
       FROM "BenchmarkVerdict" v JOIN "EvalRun" r ON r.id = v."runId" JOIN "PromptItem" i ON i.id = v."itemId"
      WHERE r."setId" = ANY(${setIds}::uuid[])
      ORDER BY r."modelId", i.id, r."createdAt" DESC`,
  );
  const byModel = new Map<string, Record<string, ItemVerdict>>();
  for (const row of rows) {
    if (techniques.includes(row.representation)) continue;
    const items = byModel.get(row.model) ?? {};
    items[`${row.task}/${row.id}/${row.representation}`] = {
      correct: row.correct,
      extraction: null,
      prediction: null,
      decided_by: "",
    };
    byModel.set(row.model, items);
  }
  return [...byModel]
    .map(([model, items]) => ({ model, gap: modalityGap(items, techniques) }))
    .filter((g): g is { model: string; gap: ModalityGap } => g.gap !== null);
}

export interface RunItemView {
  questionId: string;
  prompt: string;
  images: string[];
  response: string | null;
  extraction: string | null;
  prediction: string | null;
  truth: string | null;
  correct: boolean;
  decidedBy: string;
}

/** One run's items with every step of their verdicts, for staff. */
export async function benchmarkRunItems(
  db: Db,
  runId: string,
): Promise<{ model: string; set: string; items: RunItemView[] } | null> {
  const run = await db.prisma.evalRun.findUnique({ where: { id: runId }, include: { set: true } });
  if (!run) return null;
  const { rows } = await db.pool.query<RunItemView & { turns: { content: string }[]; answer: string[] | null }>(
    sql`SELECT i."questionId", i.turns, a.turns AS answer, v.extraction, v.prediction, v.truth, v.correct,
            v."decidedBy",
            coalesce((SELECT array_agg(pi."imageSha256" ORDER BY pi.position) FROM "PromptItemImage" pi
                       WHERE pi."itemId" = i.id), '{}') AS images
       FROM "BenchmarkVerdict" v JOIN "PromptItem" i ON i.id = v."itemId"
       LEFT JOIN "EvalAnswer" a ON a."runId" = v."runId" AND a."itemId" = v."itemId"
      WHERE v."runId" = ${runId} ORDER BY i.position`,
  );
  return {
    model: run.modelId,
    set: `${run.set.name}@${run.set.version}`,
    items: rows.map(({ turns, answer, ...row }) => ({
      ...row,
      prompt: turns.map((t) => t.content).join("\n\n"),
      response: answer ? answer.join("\n\n") : null,
    })),
  };
}
