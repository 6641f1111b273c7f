// What /bench shows: the bench a staff member chose (else the newest one judged), with the scores the jobs process
// stored for it (./board-compute: the rating engine stays out of the web server), its agreement with the live
// arena's overall board (VisionArena Table 4), its topics, and — for staff — one item with both answers and both
// judgments per candidate.
import { z } from "zod";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { type Agreement, compareBoards, servedSnapshot } from "../leaderboard";
import { storeSetting } from "../settings/settings";
import type { Topic } from "./curate";
import type { BenchScore } from "./score";
import { type BenchSelection, loadStoredBench } from "./stored";
import type { StyleScoreResult } from "./style";

const PUBLISHED_KEY = "bench.published";
const selectionSchema = z.object({ set: z.string(), anchor: z.string(), judge: z.string() });

export interface BenchChoice {
  set: string;
  anchor: string;
  judge: string;
  candidates: number;
  createdAt: Date;
}

/** Every (set, anchor, judge) with judgings, newest first. */
export async function benchChoices(db: Db): Promise<BenchChoice[]> {
  const { rows } = await db.pool.query<BenchChoice>(
    sql`SELECT s.name || '@' || s.version AS set, an."modelId" AS anchor, j."judgeModelId" AS judge,
            count(DISTINCT c."modelId")::int AS candidates, max(j."createdAt") AS "createdAt"
       FROM "JudgeRun" j
       JOIN "EvalRun" c ON c.id = j."candidateRunId"
       JOIN "EvalRun" an ON an.id = j."anchorRunId"
       JOIN "PromptSet" s ON s.id = c."setId"
      GROUP BY s.name, s.version, an."modelId", j."judgeModelId"
      ORDER BY max(j."createdAt") DESC`,
  );
  return rows;
}

export async function publishBench(db: Db, selection: Required<BenchSelection>): Promise<void> {
  await storeSetting(db, PUBLISHED_KEY, selectionSchema.parse(selection));
}

export async function shownSelection(
  db: Db,
): Promise<{ selection: Required<BenchSelection>; published: boolean } | null> {
  const { rows } = await db.pool.query<{ value: unknown }>(
    sql`SELECT value FROM "Setting" WHERE key = ${PUBLISHED_KEY}`,
  );
  const published = selectionSchema.safeParse(rows[0]?.value);
  if (published.success) return { selection: published.data, published: true };
  const [newest] = await benchChoices(db);
  return newest
    ? { selection: { set: newest.set, anchor: newest.anchor, judge: newest.judge }, published: false }
    : null;
}

/** The scores of one bench as the jobs process stored them. */
export interface StoredBoard {
  computedAt: string;
  /** the database's clock when the judgments were read (older stored boards lack it) */
  readFrom?: string;
  score: BenchScore;
  styled: StyleScoreResult | null;
  topics: Topic[];
  items: number;
  pending: number;
  judgedGames: number;
  costUsd: number | null;
  displayNames: Record<string, string>;
}

export const boardKey = (s: Required<BenchSelection>) => `bench.board:${s.set}|${s.anchor}|${s.judge}`;

export interface BenchBoard extends StoredBoard {
  selection: Required<BenchSelection>;
  published: boolean;
  /** bench vs the live overall board, over the models on both; null when there is no live board or too few shared */
  agreement: (Agreement & { points: { model: string; bench: number; arena: number }[] }) | null;
}

/** The shown bench: null when nothing was judged; `board` null while its scores are still being computed. */
export async function benchBoard(
  db: Db,
): Promise<{ selection: Required<BenchSelection>; published: boolean; board: BenchBoard | null } | null> {
  const shown = await shownSelection(db);
  if (!shown) return null;
  const { rows } = await db.pool.query<{ value: StoredBoard }>(
    sql`SELECT value FROM "Setting" WHERE key = ${boardKey(shown.selection)}`,
  );
  const stored = rows[0]?.value;
  if (!stored) return { ...shown, board: null };
  const live = await servedSnapshot(db, "overall", false);
  let agreement: BenchBoard["agreement"] = null;
  if (live) {
    const arena = live.payload.models.map((m) => ({
      model: m.model,
      rating: m.rating,
      ciLower: m.ciLower,
      ciUpper: m.ciUpper,
    }));
    const bench = stored.score.models.map((m) => ({
      model: m.model,
      rating: m.score,
      ciLower: m.ci[0],
      ciUpper: m.ci[1],
    }));
    const compared = compareBoards(arena, bench);
    if (compared.models.length >= 2) {
      const benchBy = new Map(bench.map((b) => [b.model, b.rating]));
      agreement = {
        ...compared,
        points: arena
          .filter((a) => benchBy.has(a.model))
          .map((a) => ({ model: a.model, arena: a.rating, bench: benchBy.get(a.model) as number })),
      };
    }
  }
  return { ...shown, board: { ...stored, selection: shown.selection, published: shown.published, agreement } };
}

export interface BenchItemView {
  questionId: string;
  prompt: string[];
  images: string[];
  topic: string | null;
  anchor: { model: string; answer: string[] };
  candidates: {
    model: string;
    answer: string[];
    games: { game: number; verdict: string | null; judgment: string }[];
  }[];
}

/** One item of the shown bench, in full: for staff (it shows judges' texts and prompts from battles). */
export async function benchItem(db: Db, questionId: string): Promise<BenchItemView | null> {
  const shown = await shownSelection(db);
  if (!shown) return null;
  const stored = await loadStoredBench(db, shown.selection);
  const item = await db.prisma.promptItem.findUnique({
    where: { setId_questionId: { setId: stored.set.id, questionId } },
    include: { images: { orderBy: { position: "asc" } } },
  });
  if (!item) return null;
  const candidates = stored.judgings.map((j) => ({
    model: j.model,
    answer: stored.answers.get(j.model)?.get(questionId) ?? [],
    games: [1, 2].flatMap((game) => {
      const text = stored.texts.get(`${j.id}\u0000${questionId}\u0000${game}`);
      const record = stored.records.find((r) => r.model === j.model && r.questionId === questionId);
      return text ? [{ game, verdict: record?.games[game - 1]?.score ?? null, judgment: text.judgment }] : [];
    }),
  }));
  return {
    questionId,
    prompt: (item.turns as { content: string }[]).map((t) => t.content),
    images: item.images.map((i) => i.imageSha256),
    topic: (item.metadata as { topic?: string } | null)?.topic ?? item.category,
    anchor: {
      model: shown.selection.anchor,
      answer: stored.answers.get(shown.selection.anchor)?.get(questionId) ?? [],
    },
    candidates,
  };
}

/** The shown bench's items, for the staff drill-down list. */
export async function benchItemList(db: Db, limit = 500) {
  const shown = await shownSelection(db);
  if (!shown) return [];
  const stored = await loadStoredBench(db, shown.selection);
  return db.prisma.promptItem.findMany({
    where: { setId: stored.set.id },
    orderBy: { position: "asc" },
    take: limit,
    select: { questionId: true, category: true, turns: true },
  });
}
