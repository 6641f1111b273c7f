// A benchmark's verdicts as pairwise outcomes in the clean-battle layout, for the composite board (lib/ratings/
// composite): on an item both models answered, the one right and the other wrong wins; both right is a tie, both
// wrong a "tie (bothbad)" (½ each, as arena-rank counts both_bad). One run per model and set: its newest native run,
// else its newest imported one (as the report counts a model once).
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { GroundTruthComponent, GroundTruthSource } from "../leaderboard";
import { defaultCompositeWeights } from "./registry";
import { countedRunsSql, SCORER_VERSION } from "./verdicts";

export interface PairBattle {
  question_id: string;
  model_a: string;
  model_b: string;
  winner: "model_a" | "model_b" | "tie" | "tie (bothbad)";
  /** where the outcome comes from: the benchmark and its set */
  judge: string;
}

/** The outcome of a pair on one item from each model's verdict. */
export function pairOutcome(aCorrect: boolean, bCorrect: boolean): PairBattle["winner"] {
  if (aCorrect === bCorrect) return aCorrect ? "tie" : "tie (bothbad)";
  return aCorrect ? "model_a" : "model_b";
}

export async function benchmarkPairs(db: Db, setIds: string[]): Promise<PairBattle[]> {
  const { rows } = await db.pool.query<{
    set: string;
    benchmark: string;
    model: string;
    questionId: string;
    correct: boolean;
  }>(
    sql`WITH runs AS (${countedRunsSql(sql`r."setId" = ANY(${setIds}::uuid[])`)})
        SELECT s.name || '@' || s.version AS set, s.metadata->>'benchmark' AS benchmark, runs."modelId" AS model,
               i."questionId", v.correct
          FROM runs JOIN "BenchmarkVerdict" v ON v."runId" = runs.id AND v.scorer = ${SCORER_VERSION}
          JOIN "PromptItem" i ON i.id = v."itemId" JOIN "PromptSet" s ON s.id = runs."setId"
         ORDER BY s.name, s.version, i.position, runs."modelId"`,
  );
  const items = new Map<string, { judge: string; question: string; verdicts: [string, boolean][] }>();
  for (const row of rows) {
    const key = `${row.set}\u0000${row.questionId}`;
    let item = items.get(key);
    if (!item) {
      item = { judge: `${row.benchmark}:${row.set}`, question: `${row.set}/${row.questionId}`, verdicts: [] };
      items.set(key, item);
    }
    item.verdicts.push([row.model, row.correct]);
  }
  const battles: PairBattle[] = [];
  for (const { judge, question, verdicts } of items.values()) {
    for (let i = 0; i < verdicts.length; i++) {
      for (let j = i + 1; j < verdicts.length; j++) {
        const [a, ra] = verdicts[i] as [string, boolean];
        const [b, rb] = verdicts[j] as [string, boolean];
        battles.push({ question_id: question, model_a: a, model_b: b, winner: pairOutcome(ra, rb), judge });
      }
    }
  }
  return battles;
}

/** Every set with current verdicts, each as one component of the composite board (lib/leaderboard/composite-run.ts). */
/** The composite board's ground truth: every benchmark's verdicts as pairs, and the registry's default weights. */
export const groundTruth: GroundTruthSource = {
  components: (db) => groundTruthComponents(db),
  defaultWeights: defaultCompositeWeights,
};

export async function groundTruthComponents(db: Db): Promise<GroundTruthComponent[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    sql`SELECT DISTINCT r."setId" AS id FROM "EvalRun" r
         WHERE EXISTS (SELECT 1 FROM "BenchmarkVerdict" v WHERE v."runId" = r.id AND v.scorer = ${SCORER_VERSION})`,
  );
  if (rows.length === 0) return [];
  const bySet = new Map<string, GroundTruthComponent>();
  for (const pair of await benchmarkPairs(
    db,
    rows.map((r) => r.id),
  )) {
    let component = bySet.get(pair.judge);
    if (!component) {
      const at = pair.judge.indexOf(":");
      component = { benchmark: pair.judge.slice(0, at), set: pair.judge.slice(at + 1), pairs: [] };
      bySet.set(pair.judge, component);
    }
    component.pairs.push(pair);
  }
  return [...bySet.values()];
}
