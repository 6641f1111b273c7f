// Ground-truth verdicts for runs of the evaluation engine over imported benchmark sets: each answer scored by the
// benchmark's scorer (the same functions `arena benchmark score` uses on files) and stored with every step, then
// reported per model with Wilson intervals, per metadata key, as paired differences between models, as IsoBench's
// modality gap, and beside the live arena.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { compareBoards, currentSnapshot } from "../leaderboard";
import { createRandom, quantileSorted } from "../numeric";
import type { Problem, Verdict } from "./definition";
import { BenchmarkDataError } from "./errors";
import type { Judge } from "./judge-extract";
import { benchmarkNamed } from "./registry";
import { labelledVerdict, SCORER_VERSION, writeVerdicts } from "./verdicts";
import { type Tally, tally } from "./wilson";

function arenaCorrelation(
  models: ModelReport[],
  ratings: Map<string, number>,
  byRun: Map<string, VerdictRow[]>,
  rounds: number,
  seed: number,
): { models: number; spearman: number; ci: [number, number] } | null {
  const rated = models.filter((m) => ratings.has(m.model));
  if (rated.length < 3) return null;
  const spearmanOf = (accuracies: number[]) =>
    compareBoards(
      rated.map((m) => ({ model: m.model, rating: ratings.get(m.model) as number, ciLower: 0, ciUpper: 0 })),
      rated.map((m, k) => ({ model: m.model, rating: accuracies[k] as number, ciLower: 0, ciUpper: 0 })),
    ).spearman;
  const point = spearmanOf(rated.map((m) => m.overall.accuracy));
  const rand = createRandom(seed, 99_991);
  const boots: number[] = [];
  const perModel = rated.map((m) => (byRun.get(m.runId) ?? []).map((v) => (v.correct ? 1 : 0)));
  for (let r = 0; r < rounds; r++) {
    const accuracies = perModel.map((xs) => {
      let sum = 0;
      for (let k = 0; k < xs.length; k++) sum += xs[(rand() * xs.length) | 0] as number;
      return sum / Math.max(1, xs.length);
    });
    const s = spearmanOf(accuracies);
    if (Number.isFinite(s)) boots.push(s);
  }
  boots.sort((p, q) => p - q);
  return {
    models: rated.length,
    spearman: point,
    ci: boots.length ? [quantileSorted(boots, 0.025), quantileSorted(boots, 0.975)] : [Number.NaN, Number.NaN],
  };
}

interface Row {
  itemId: string;
  questionId: string;
  metadata: Problem;
  turns: string[] | null;
  error: string | null;
  /** an imported run's: the toolkit's extraction of this item, and the toolkit */
  fileExtraction: string | null;
  importedFrom: string | null;
}

/** What only a judge could read: MathVista's undecided items, EMMA's answers the rules found nothing in. */
const NEEDS_JUDGE = (decidedBy: string) => decidedBy === "undecided" || decidedBy.startsWith("rule:whole-response");

/**
 * Scores every answer of a run that has no current verdict; with a judge, also re-asks what the rules could not
 * decide. Returns how many were scored.
 */
export async function scoreBenchmarkRun(db: Db, runId: string, options: { judge?: Judge } = {}): Promise<number> {
  const { rows } = await db.pool.query<Row>(
    sql`SELECT i.id AS "itemId", i."questionId", i.metadata, a.turns, a.error,
            r.settings->'imported'->'extractions'->>i."questionId" AS "fileExtraction",
            r.settings->'imported'->>'from' AS "importedFrom"
       FROM "EvalAnswer" a JOIN "PromptItem" i ON i.id = a."itemId" JOIN "EvalRun" r ON r.id = a."runId"
       LEFT JOIN "BenchmarkVerdict" v ON v."runId" = a."runId" AND v."itemId" = a."itemId" AND v.scorer = ${SCORER_VERSION}
      WHERE a."runId" = ${runId}
        AND (v."itemId" IS NULL OR (${options.judge !== undefined} AND (v."decidedBy" = 'undecided' OR v."decidedBy" LIKE 'rule:whole-response%')))`,
  );
  const verdicts: { itemId: string; verdict: Verdict }[] = [];
  for (const row of rows) {
    const definition = benchmarkNamed(row.metadata?.benchmark);
    if (!definition) throw new BenchmarkDataError(`item ${row.questionId}: not from an imported benchmark`);
    let verdict: Verdict;
    if (row.error !== null || !row.turns) {
      verdict = { correct: false, extraction: null, prediction: null, decided_by: "no-answer" };
    } else {
      // a scratchpad item answers in its second turn; its first is the model's description of the image
      const response = row.metadata?.mode === "scratchpad" ? (row.turns.at(-1) ?? "") : row.turns.join("\n\n");
      // an imported run keeps the toolkit's extraction: the official pipeline's extraction step, done by its judge
      const extraction = row.fileExtraction !== null ? { extraction: row.fileExtraction } : {};
      verdict = labelledVerdict(
        definition.scorer.score({ ...row.metadata, response, ...extraction } as Problem),
        row.importedFrom,
      );
      if (options.judge && definition.judge && NEEDS_JUDGE(verdict.decided_by)) {
        verdict = await definition.judge(options.judge, row.metadata, response, verdict);
      }
    }
    verdicts.push({ itemId: row.itemId, verdict });
  }
  await writeVerdicts(db.prisma, runId, verdicts);
  return rows.length;
}

/** A run as the report names it: the model, and the toolkit when its predictions were imported. */
export const runLabel = (m: Pick<ModelReport, "model" | "source">) =>
  m.source === "native" ? m.model : `${m.model} (${m.source})`;

export interface ModelReport {
  runId: string;
  model: string;
  /** "native" (a run of the evaluation engine) or the toolkit whose predictions were imported */
  source: string;
  /** an imported run's: the toolkit's own verdicts, as its file reported them */
  reported?: Tally;
  set: string;
  overall: Tally;
  byKey: Record<string, Record<string, Tally>>;
  decidedBy: Record<string, number>;
  /** the live arena's overall rating of the model, when it has one */
  arenaRating?: number;
}

export interface BenchmarkReport {
  benchmark: string;
  sets: string[];
  models: ModelReport[];
  /** accuracy differences between models on the same items, with paired bootstrap intervals */
  differences: { a: string; b: string; difference: number; ci: [number, number]; items: number }[];
  /** Spearman between accuracy and arena rating over the models on both (at least three), overall and on the
   *  related arena categories, with a bootstrap interval over items */
  arena: { category: string; models: number; spearman: number; ci: [number, number] }[];
  /** the papers' random-guess accuracy for these items, where they give one */
  random: { accuracy: number; source: string } | null;
}

interface VerdictRow {
  runId: string;
  model: string;
  set: string;
  questionId: string;
  metadata: Problem;
  correct: boolean;
  decidedBy: string;
}

/** The newest run per model on each of the sets, scored (unscored answers first), and compared. */
export async function benchmarkReport(
  db: Db,
  setIds: string[],
  /** score: score unscored answers first (default); pages only read. judge: for what the rules cannot read */
  options: { rounds?: number; seed?: number; score?: boolean; judge?: Judge } = {},
): Promise<BenchmarkReport> {
  // a model's newest native run, and its newest run of each toolkit's imported predictions beside it
  const { rows: runs } = await db.pool.query<{ id: string; source: string; reported: Record<string, boolean> | null }>(
    sql`SELECT DISTINCT ON (r."setId", r."modelId", source) r.id, source, r.settings->'imported'->'reported' AS reported
       FROM "EvalRun" r, LATERAL (SELECT COALESCE(r.settings->'imported'->>'from', 'native') AS source) s
      WHERE r."setId" = ANY(${setIds}::uuid[]) ORDER BY r."setId", r."modelId", source, r."createdAt" DESC`,
  );
  const runInfo = new Map(runs.map((r) => [r.id, r]));
  if (options.score !== false) for (const run of runs) await scoreBenchmarkRun(db, run.id, { judge: options.judge });
  const { rows } = await db.pool.query<VerdictRow>(
    sql`SELECT v."runId", r."modelId" AS model, s.name || '@' || s.version AS set, i."questionId", i.metadata, v.correct,
            v."decidedBy"
       FROM "BenchmarkVerdict" v JOIN "EvalRun" r ON r.id = v."runId" JOIN "PromptItem" i ON i.id = v."itemId"
       JOIN "PromptSet" s ON s.id = r."setId"
      WHERE v."runId" = ANY(${runs.map((r) => r.id)}::uuid[]) AND v.scorer = ${SCORER_VERSION}
      ORDER BY i.position`,
  );
  const benchmark = String(rows[0]?.metadata?.benchmark ?? "");
  const definition = benchmarkNamed(benchmark);
  const scorer = definition?.scorer;
  const byRun = new Map<string, VerdictRow[]>();
  for (const row of rows) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row]);
  const live = await currentSnapshot(db, "overall", false);
  const ratings = new Map(live?.payload.models.map((m) => [m.model, m.rating]) ?? []);
  const models: ModelReport[] = [];
  for (const [runId, verdicts] of byRun) {
    const first = verdicts[0] as VerdictRow;
    const byKey: Record<string, Record<string, Tally>> = {};
    for (const key of scorer?.keys ?? []) {
      const counts = new Map<string, [number, number]>();
      for (const v of verdicts) {
        for (const value of scorer?.values(v.metadata, key) ?? []) {
          const c = counts.get(value) ?? [0, 0];
          counts.set(value, [c[0] + (v.correct ? 1 : 0), c[1] + 1]);
        }
      }
      if (counts.size) byKey[key] = Object.fromEntries([...counts].map(([value, [c, t]]) => [value, tally(c, t)]));
    }
    const decidedBy: Record<string, number> = {};
    for (const v of verdicts)
      decidedBy[v.decidedBy.split(";")[0] as string] = (decidedBy[v.decidedBy.split(";")[0] as string] ?? 0) + 1;
    const rating = ratings.get(first.model);
    const info = runInfo.get(runId);
    const reported = Object.values(info?.reported ?? {});
    models.push({
      runId,
      model: first.model,
      source: info?.source ?? "native",
      ...(reported.length ? { reported: tally(reported.filter(Boolean).length, reported.length) } : {}),
      set: first.set,
      overall: tally(verdicts.filter((v) => v.correct).length, verdicts.length),
      byKey,
      decidedBy,
      ...(rating !== undefined ? { arenaRating: rating } : {}),
    });
  }
  models.sort((p, q) => q.overall.accuracy - p.overall.accuracy || p.model.localeCompare(q.model));

  // paired on the items both models answered in the same set
  const rounds = options.rounds ?? 1000;
  const outcome = (runId: string) => new Map((byRun.get(runId) ?? []).map((v) => [v.questionId, v.correct ? 1 : 0]));
  const differences: BenchmarkReport["differences"] = [];
  for (let i = 0; i < models.length; i++) {
    for (let j = i + 1; j < models.length; j++) {
      const a = models[i] as ModelReport;
      const b = models[j] as ModelReport;
      if (a.set !== b.set) continue;
      const oa = outcome(a.runId);
      const ob = outcome(b.runId);
      const pairs = [...oa].filter(([q]) => ob.has(q)).map(([q, x]) => (x as number) - (ob.get(q) as number));
      if (!pairs.length) continue;
      const rand = createRandom(options.seed ?? 0, i * 1000 + j);
      const boots: number[] = [];
      for (let r = 0; r < rounds; r++) {
        let sum = 0;
        for (let k = 0; k < pairs.length; k++) sum += pairs[(rand() * pairs.length) | 0] as number;
        boots.push(sum / pairs.length);
      }
      boots.sort((p, q) => p - q);
      differences.push({
        a: runLabel(a),
        b: runLabel(b),
        difference: pairs.reduce((s, x) => s + x, 0) / pairs.length,
        ci: [quantileSorted(boots, 0.025), quantileSorted(boots, 0.975)],
        items: pairs.length,
      });
    }
  }

  // beside human preference: Spearman over the models with an arena rating, overall and on the related boards; a
  // model counted once (its native run where it has one, else its first imported one)
  const native = new Set(models.filter((m) => m.source === "native").map((m) => m.model));
  const counted = new Set<string>();
  const onePerModel = models.filter((m) => {
    if (m.source !== "native" && native.has(m.model)) return false;
    if (counted.has(m.model)) return false;
    counted.add(m.model);
    return true;
  });
  const arena: BenchmarkReport["arena"] = [];
  for (const category of ["overall", ...(definition?.relatedCategories ?? [])]) {
    const board = category === "overall" ? live : await currentSnapshot(db, category, false);
    const boardRatings = new Map(board?.payload.models.map((m) => [m.model, m.rating]) ?? []);
    const correlation = arenaCorrelation(onePerModel, boardRatings, byRun, rounds, options.seed ?? 0);
    if (correlation) arena.push({ category, ...correlation });
  }
  const seen = new Set<string>();
  const items = rows.filter((r) => !seen.has(r.questionId) && seen.add(r.questionId)).map((r) => r.metadata);
  return {
    benchmark,
    sets: [...new Set(models.map((m) => m.set))],
    models,
    differences,
    arena,
    random: definition?.randomBaseline(items) ?? null,
  };
}

/** After a run of the jobs process: a run over an imported benchmark set gets its verdicts (rules only). */
export async function scoreIfBenchmark(db: Db, runId: string): Promise<number> {
  const { rows } = await db.pool.query<{ source: string }>(
    sql`SELECT s.source FROM "EvalRun" r JOIN "PromptSet" s ON s.id = r."setId" WHERE r.id = ${runId}`,
  );
  // the drift watch's canary slices are benchmark items too (lib/drift)
  const source = rows[0]?.source ?? "";
  return source.startsWith("benchmark:") || source === "canary" ? scoreBenchmarkRun(db, runId) : 0;
}
