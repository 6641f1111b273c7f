// Scoring a bench for /bench, in the jobs process (or the CLI): plain and style-controlled scores with their
// intervals, the judging cost and the set's topics, stored as one JSON value per bench (set, anchor, judge).
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { databaseNow, storeSetting } from "../settings/settings";
import { type BenchBoard, boardKey, type StoredBoard } from "./board";
import type { Topic } from "./curate";
import { scoreJudgments } from "./score";
import { type BenchSelection, loadStoredBench } from "./stored";
import { scoreStyleControlled } from "./style";

export async function computeBenchBoard(
  db: Db,
  input: { judgeRunId: string } | { selection: Required<BenchSelection> },
): Promise<(StoredBoard & { selection: Required<BenchSelection> }) | null> {
  let selection: Required<BenchSelection>;
  if ("selection" in input) selection = input.selection;
  else {
    const { rows } = await db.pool.query<Required<BenchSelection>>(
      sql`SELECT s.name || '@' || s.version AS set, an."modelId" AS anchor, j."judgeModelId" AS judge
         FROM "JudgeRun" j JOIN "EvalRun" c ON c.id = j."candidateRunId" JOIN "EvalRun" an ON an.id = j."anchorRunId"
         JOIN "PromptSet" s ON s.id = c."setId" WHERE j.id = ${input.judgeRunId}`,
    );
    if (!rows[0]) return null;
    selection = rows[0];
  }
  const readFrom = await databaseNow(db);
  const stored = await loadStoredBench(db, selection);
  if (stored.records.length === 0) return null;
  const score = await scoreJudgments(stored.records, { baseline: selection.anchor, avgTokens: stored.avgTokens });
  if (stored.pending) score.warnings.push(`${stored.pending} prompts are not fully judged yet (left out)`);
  const styled = await scoreStyleControlled(stored.records, stored.styles, { baseline: selection.anchor }).catch(
    () => null,
  );
  const set = await db.prisma.promptSet.findUnique({
    where: { id: stored.set.id },
    include: { _count: { select: { items: true } } },
  });
  const topics = ((set?.metadata as { topics?: Topic[] } | null)?.topics ?? []).filter((t) => t.selected > 0);
  const totals = (
    await db.pool.query<{ games: number; cost: number | null }>(
      sql`SELECT count(*)::int AS games, sum("costUsd") AS cost FROM "Judgment"
        WHERE "judgeRunId" = ANY(${stored.judgings.map((j) => j.id)}::uuid[]) AND error IS NULL`,
    )
  ).rows[0];
  const names = await db.prisma.model.findMany({
    where: { id: { in: score.models.map((m) => m.model) } },
    select: { id: true, displayName: true },
  });
  const board: StoredBoard = {
    computedAt: new Date().toISOString(),
    readFrom,
    score,
    styled,
    topics,
    items: set?._count.items ?? 0,
    pending: stored.pending,
    judgedGames: totals?.games ?? 0,
    costUsd: totals?.cost === null || totals?.cost === undefined ? null : Number(totals.cost),
    displayNames: Object.fromEntries(names.map((n) => [n.id, n.displayName])),
  };
  // judgings finishing together on two jobs processes score at once: the board that read last is kept
  await storeSetting(db, boardKey(selection), board);
  return { ...board, selection };
}

export type { BenchBoard };
