// VisionArena-Bench as stored here: the judgings of one prompt set against one anchor model by one judge, read back
// as arena-hard-auto judgment records (so the same scorer serves our runs and their files) with each answer's style,
// and written out in arena-hard-auto's layout (`arena bench export`) so their tools read ours.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { domainError } from "../errors";
import { exportPromptSet, findPromptSet } from "../evals";
import { type AnswerStyle, styleOfAnswer } from "./answer-style";
import { joinTurns, judgeUserPrompt } from "./judge-prompt";
import type { JudgmentRecord } from "./judgment-files";

export class BenchSelectionError extends domainError("not_found", "bench_not_found") {}

export interface BenchSelection {
  /** a prompt set, name[@version] */
  set: string;
  /** the anchor model's id */
  anchor: string;
  /** the judge model's id; may be left out when one judge judged this set against this anchor */
  judge?: string;
}

interface JudgingRow {
  id: string;
  candidateRunId: string;
  anchorRunId: string;
  model: string;
  judge: string;
  status: string;
}

interface GameRow {
  judgeRunId: string;
  questionId: string;
  game: number;
  judgment: string;
  verdict: string | null;
  error: string | null;
  prompt: string;
}

export interface StoredBench {
  set: { id: string; name: string; version: number };
  anchor: string;
  judge: string;
  judgings: JudgingRow[];
  records: JudgmentRecord[];
  /** full judge texts and prompts by judging, question and game, for export and drill-down */
  texts: Map<string, { judgment: string; prompt: string }>;
  styles: Map<string, Map<string, AnswerStyle>>;
  avgTokens: Map<string, number>;
  answers: Map<string, Map<string, string[]>>;
  /** questions of a candidate whose two games are not both judged yet */
  pending: number;
}

export async function loadStoredBench(db: Db, selection: BenchSelection): Promise<StoredBench> {
  const set = await findPromptSet(db, selection.set).catch((error: Error) => {
    throw new BenchSelectionError(error.message);
  });
  const { rows: all } = await db.pool.query<JudgingRow>(
    sql`SELECT DISTINCT ON (c."modelId", j."judgeModelId")
            j.id, j."candidateRunId", j."anchorRunId", c."modelId" AS model, j."judgeModelId" AS judge,
            j.status::text AS status
       FROM "JudgeRun" j
       JOIN "EvalRun" c ON c.id = j."candidateRunId"
       JOIN "EvalRun" an ON an.id = j."anchorRunId"
      WHERE c."setId" = ${set.id} AND an."modelId" = ${selection.anchor}
      ORDER BY c."modelId", j."judgeModelId", j."createdAt" DESC`,
  );
  const judges = [...new Set(all.map((r) => r.judge))].sort();
  if (judges.length === 0) {
    throw new BenchSelectionError(`nothing in ${set.name}@${set.version} was judged against '${selection.anchor}'`);
  }
  const judge = selection.judge ?? (judges.length === 1 ? judges[0] : undefined);
  if (!judge) throw new BenchSelectionError(`judged by ${judges.join(", ")}: say which with --judge`);
  const judgings = all.filter((r) => r.judge === judge);
  if (judgings.length === 0) throw new BenchSelectionError(`no judgments by '${judge}' (judges: ${judges.join(", ")})`);

  const { rows: games } = await db.pool.query<GameRow>(
    sql`SELECT g."judgeRunId", i."questionId", g.game, g.judgment, g.verdict, g.error, i.turns::text AS prompt
       FROM "Judgment" g JOIN "PromptItem" i ON i.id = g."itemId"
      WHERE g."judgeRunId" = ANY(${judgings.map((j) => j.id)}::uuid[])
      ORDER BY g."judgeRunId", i.position, g.game`,
  );
  const byJudging = new Map(judgings.map((j) => [j.id, j]));
  const grouped = new Map<string, { judging: JudgingRow; questionId: string; games: (GameRow | undefined)[] }>();
  const texts = new Map<string, { judgment: string; prompt: string }>();
  for (const row of games) {
    const key = `${row.judgeRunId}\u0000${row.questionId}`;
    const entry = grouped.get(key) ?? {
      judging: byJudging.get(row.judgeRunId) as JudgingRow,
      questionId: row.questionId,
      games: [undefined, undefined],
    };
    entry.games[row.game - 1] = row;
    grouped.set(key, entry);
    texts.set(`${key}\u0000${row.game}`, {
      judgment: row.judgment,
      prompt: joinTurns((JSON.parse(row.prompt) as { content: string }[]).map((t) => t.content)),
    });
  }
  const records: JudgmentRecord[] = [];
  let pending = 0;
  for (const { judging, questionId, games: pair } of grouped.values()) {
    if (pair.some((g) => !g || g.error)) {
      pending++;
      continue;
    }
    records.push({
      questionId,
      model: judging.model,
      judge,
      games: pair.map((g) =>
        g?.verdict ? { score: g.verdict, source: "judgment" } : { score: null, source: "missing" },
      ),
      file: `judging ${judging.id}`,
      line: 0,
    });
  }

  // every answer of the candidates and of the anchor run(s), with its style
  const runIds = [...new Set(judgings.flatMap((j) => [j.candidateRunId, j.anchorRunId]))];
  const { rows: answerRows } = await db.pool.query<{ model: string; questionId: string; turns: string[] }>(
    sql`SELECT r."modelId" AS model, i."questionId", a.turns
       FROM "EvalAnswer" a JOIN "EvalRun" r ON r.id = a."runId" JOIN "PromptItem" i ON i.id = a."itemId"
      WHERE a."runId" = ANY(${runIds}::uuid[]) AND a.error IS NULL
      ORDER BY r."createdAt" DESC`,
  );
  const answers = new Map<string, Map<string, string[]>>();
  const styles = new Map<string, Map<string, AnswerStyle>>();
  for (const row of answerRows) {
    const perModel = answers.get(row.model) ?? new Map<string, string[]>();
    answers.set(row.model, perModel);
    if (perModel.has(row.questionId)) continue; // the newest run's answer wins
    perModel.set(row.questionId, row.turns);
    const style = await styleOfAnswer(row.turns.join("\n"));
    const perModelStyle = styles.get(row.model) ?? new Map<string, AnswerStyle>();
    perModelStyle.set(row.questionId, style);
    styles.set(row.model, perModelStyle);
  }
  const avgTokens = new Map(
    [...styles].map(([model, perQuestion]) => {
      const values = [...perQuestion.values()];
      return [model, Math.trunc(values.reduce((s, v) => s + v.tokens, 0) / Math.max(1, values.length))];
    }),
  );
  return {
    set: { id: set.id, name: set.name, version: set.version },
    anchor: selection.anchor,
    judge,
    judgings,
    records,
    texts,
    styles,
    avgTokens,
    answers,
    pending,
  };
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, "_");

/**
 * Writes the bench in arena-hard-auto's layout: `question.jsonl` + `images/`, `model_answer/<model>.jsonl` (with
 * `metadata` and `conv_metadata` for style control) and `model_judgment/<judge>/<model>.jsonl`.
 */
export async function exportStoredBench(db: Db, selection: BenchSelection, outDir: string) {
  const bench = await loadStoredBench(db, selection);
  await exportPromptSet(db, `${bench.set.name}@${bench.set.version}`, outDir);
  const answerDir = path.join(outDir, "model_answer");
  const judgmentDir = path.join(outDir, "model_judgment", safeName(bench.judge));
  fs.mkdirSync(answerDir, { recursive: true });
  fs.mkdirSync(judgmentDir, { recursive: true });
  const files: string[] = [];
  for (const [model, perQuestion] of bench.answers) {
    const lines: string[] = [];
    for (const [questionId, turns] of perQuestion) {
      const style = bench.styles.get(model)?.get(questionId);
      const metadata = style
        ? { token_len: style.tokens, header_count: style.headers, list_count: style.lists, bold_count: style.bold }
        : undefined;
      lines.push(
        JSON.stringify({
          question_id: questionId,
          uid: questionId,
          model_id: model,
          model,
          choices: [{ index: 0, turns: turns.map((content) => ({ content, token_len: style?.tokens ?? 0 })) }],
          metadata,
          conv_metadata: metadata,
        }),
      );
    }
    const file = path.join(answerDir, `${safeName(model)}.jsonl`);
    fs.writeFileSync(file, lines.length ? `${lines.join("\n")}\n` : "");
    files.push(file);
  }
  const perModel = new Map<string, string[]>();
  for (const record of bench.records) {
    const judging = bench.judgings.find((j) => j.model === record.model);
    const candidate = joinTurns(bench.answers.get(record.model)?.get(record.questionId) ?? []);
    const anchor = joinTurns(bench.answers.get(bench.anchor)?.get(record.questionId) ?? []);
    const games = record.games.map((game, i) => {
      const text = bench.texts.get(`${judging?.id}\u0000${record.questionId}\u0000${i + 1}`);
      const [a, b] = i === 0 ? [anchor, candidate] : [candidate, anchor];
      // user_prompt is what the judge read, as arena-hard-auto records it
      return {
        user_prompt: judgeUserPrompt(text?.prompt ?? "", a, b),
        judgment: text?.judgment ?? "",
        score: game.score,
      };
    });
    const lines = perModel.get(record.model) ?? [];
    lines.push(JSON.stringify({ question_id: record.questionId, model: record.model, judge: bench.judge, games }));
    perModel.set(record.model, lines);
  }
  for (const [model, lines] of perModel) {
    const file = path.join(judgmentDir, `${safeName(model)}.jsonl`);
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    files.push(file);
  }
  return { judge: bench.judge, judgmentDir, answerDir, files, records: bench.records.length, pending: bench.pending };
}
