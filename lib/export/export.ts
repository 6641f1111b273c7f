// A research dataset from the database: battles (JSONL and Parquet), direct chats, the images they show, and a
// datasheet. Streams in keyset batches, so memory stays flat however many battles there are.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { quantileOfCounts, sampledOf } from "../categories/dedup";
import { judgedByFromEnv } from "../categories/names";
import {
  currentDatasetStatistics,
  FROM_BATTLES,
  FROM_CHATS,
  latestDatasetStatistics,
  releasedBattleClauses,
  releasedChatClauses,
  statisticsMarkdown,
} from "../dataset-stats";
import type { Db } from "../db/context";
import { join, raw, type Sql, sql } from "../db/sql";
import { PROMPT_KEY, PROMPT_KEY_JOIN } from "../leaderboard/vote-parts";
import { yieldToLoop } from "../text";
import { datasheet } from "./datasheet";
import { type BareRow, CONVERSATION_SQL, keysetBatches } from "./details";
import type { ExportFilters, ExportOptions, ExportSplit, ExportSummary } from "./export-types";
import { ImageCopier } from "./image-copier";
import { Output } from "./output";
import { type BattleRecord, type BattleRow, battleRecord, chatRecord, type RecordOptions } from "./records";
import { snapshotBatches } from "./snapshot-batches";

/** A vote's reactions by side, or null: {"a": {"reason": "wrong_count"}, "b": {"reason": "other", "note": "…"}}. */
const REACTIONS_SQL = `(SELECT jsonb_object_agg(r.side::text, jsonb_strip_nulls(jsonb_build_object('reason', r.reason, 'note', r.note)))
    FROM "VoteReaction" r WHERE r."voteId" = v.id)`;

/**
 * The first-turn swaps of a battle (lib/arena/swap.ts), oldest first, or null:
 * [{"side": "a", "from": "model-x", "to": "model-y", "reason": "provider_timeout"}].
 */
const SWAPS_SQL = `(SELECT jsonb_agg(jsonb_build_object('side', s.side::text, 'from', s."fromModelId", 'to', s."toModelId",
                                            'reason', s.reason) ORDER BY s."createdAt")
    FROM "ModelSwap" s WHERE s."conversationId" = v."conversationId")`;

/** From this many battles on, the Parquet file is encoded on a thread of its own (its start costs ~0.3 s). */
const PARQUET_THREAD_MIN = 20_000;

/** A stopwatch adding each part's seconds into a split. */
function stopwatch<K extends string>(split: Record<K, number>) {
  return async <T>(part: K, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      split[part] += (performance.now() - started) / 1000;
    }
  };
}

/** The WHERE clause of exported battles, over `v` (Vote), `c` (Conversation) and `vis` (Visitor). */
function battleWhere(filters: ExportFilters, allowedModels: string[] | null): Sql {
  // never exported: demo battles, battles the content filter stopped, banned visitors, votes not counted
  const clauses: Sql[] = releasedBattleClauses({ cohorts: filters.cohorts }).map(raw);
  if (filters.from) clauses.push(sql`v."createdAt" >= ${filters.from}::timestamptz AT TIME ZONE 'UTC'`);
  if (filters.to) clauses.push(sql`v."createdAt" < ${filters.to}::timestamptz AT TIME ZONE 'UTC'`);
  if (filters.anonymousOnly) clauses.push(sql`v.anonymous`);
  const models = allowedModels ?? filters.models;
  if (models) clauses.push(sql`v."modelAId" = ANY(${models}::text[]) AND v."modelBId" = ANY(${models}::text[])`);
  if (filters.categories?.length) {
    clauses.push(
      sql`EXISTS (SELECT 1 FROM "BattleCategory" bc WHERE bc."conversationId" = c.id AND bc.value AND bc.category = ANY(${filters.categories}::text[]))`,
    );
  }
  return join(clauses, " AND ");
}

/** Models with at least `minVotes` battles among those the other filters keep (intersected with `models`). */
async function modelsWithVotes(db: Db, filters: ExportFilters): Promise<string[] | null> {
  if (!filters.minVotes) return filters.models ?? null;
  const where = battleWhere({ ...filters, minVotes: undefined }, null);
  const { rows } = await db.pool.query<{ model: string }>(
    sql`SELECT model FROM (SELECT v."modelAId" AS model ${raw(FROM_BATTLES)} WHERE ${where}
                        UNION ALL SELECT v."modelBId" ${raw(FROM_BATTLES)} WHERE ${where}) t
      GROUP BY model HAVING count(*) >= ${filters.minVotes}`,
  );
  return rows.map((r) => r.model);
}

/**
 * FastChat's dedup tags over the exported battles: battles grouped in the database by their stored prompt key
 * (PROMPT_KEY; computing it here over every message cost ~7.6 s of PostgreSQL CPU at 1M battles, at the export's
 * start); only the prompts asked more than once come back with their conversations' ids. The battles' total comes
 * with them (every battle is in one group): a count of its own was 1.1 s more of PostgreSQL's CPU at 1M, while the
 * sorts start.
 */
async function dedupFor(db: Db, where: Sql): Promise<{ tags: Map<string, boolean>; total: number }> {
  const { rows } = await db.pool.query<{ n: number; ids: string[] | null; singles: number | null }>(
    sql`WITH grouped AS (
            SELECT count(*)::int AS n, array_agg(c.id::text) AS ids
              ${raw(FROM_BATTLES)} ${PROMPT_KEY_JOIN}
             WHERE ${where}
             GROUP BY ${PROMPT_KEY})
     SELECT n, ids, NULL::int AS singles FROM grouped WHERE n > 1
     UNION ALL SELECT 1, NULL, count(*)::int FROM grouped WHERE n = 1`,
  );
  const histogram = new Map<number, number>();
  let total = 0;
  for (const row of rows) {
    const prompts = row.singles ?? 1;
    total += row.n * prompts;
    if (prompts > 0) histogram.set(row.n, (histogram.get(row.n) ?? 0) + prompts);
  }
  const tags = new Map<string, boolean>();
  const cutoff = quantileOfCounts(histogram, 0.9999);
  if (Number.isNaN(cutoff)) return { tags, total };
  for (const { n, ids } of rows) {
    if (!ids || n <= cutoff) continue;
    const sampled = sampledOf(ids, Math.floor(cutoff));
    for (const id of ids) tags.set(id, sampled.has(id));
  }
  return { tags, total };
}

/** What the battle query gives: a row per vote, in vote order. */
type VoteRow = BattleRow & { voteId: string };

/**
 * The exported battles in vote order, a batch at a time, with the total the filters select: shared by the folder
 * export and the streaming API. Judges are hashed with `salt`; dedup tags are counted over the whole selection.
 */
export async function* battleBatches(
  db: Db,
  options: {
    filters?: ExportFilters;
    salt: string;
    redact?: boolean;
    batchSize?: number;
    signal?: AbortSignal;
    /** adds the selection's and the records' seconds into a split */
    timed?: ReturnType<typeof stopwatch<"select" | "records">>;
    /**
     * how the rows are read: `keyset` batches (the first at once: an HTTP stream) or sorted queries over one
     * `snapshot` (the whole selection: ~3× less of PostgreSQL's work at 1M, after a wait for the sorts)
     */
    source?: "keyset" | "snapshot";
  },
): AsyncGenerator<{ rows: VoteRow[]; records: BattleRecord[]; total: number }> {
  const filters = options.filters ?? {};
  const batchSize = options.batchSize ?? 2000;
  const timed = options.timed ?? (<T>(_part: string, work: () => Promise<T>) => work());
  const where = await timed("select", async () => battleWhere(filters, await modelsWithVotes(db, filters)));
  // counted and tagged while the first rows are read (a snapshot's sorts take seconds at 1M battles)
  const selection = dedupFor(db, where);
  selection.catch(() => {});
  let counted: { total: number; recordOptions: RecordOptions } | null = null;
  const select = sql`SELECT v.id AS "voteId", v.winner::text AS winner, v.anonymous, v."visitorId", v."createdAt" AS at,
                    v."shownVersions", ${raw(REACTIONS_SQL)} AS reactions, ${raw(SWAPS_SQL)} AS swaps,
                    ${raw(CONVERSATION_SQL)} ${raw(FROM_BATTLES)}`;
  type Bare = Omit<VoteRow, "messages" | "labels">;
  // the next batch is read while this one is turned into records and written
  const batches =
    options.source === "snapshot"
      ? snapshotBatches<Bare>(db, { select, where, size: batchSize })
      : keysetBatches<Bare>(db, {
          select,
          where,
          order: ['v."createdAt"', "v.id"],
          keyOf: (row) => ({ at: row.at, id: row.voteId }),
          size: batchSize,
        });
  for await (const rows of batches) {
    counted ??= await timed("select", async () => {
      const { tags: dedup, total } = await selection;
      return { total, recordOptions: recordOptionsFor(options.salt, Boolean(options.redact), dedup) };
    });
    const { total, recordOptions } = counted;
    yield { rows, records: await timed("records", () => recordsOf(rows, recordOptions, options.signal)), total };
  }
}

/** How long building records may hold the event loop before others are served (redaction is the slow part). */
const RECORD_SLICE_MS = 10;

/**
 * A batch's records, built one by one with the event loop served every RECORD_SLICE_MS, and abandoned as soon as
 * `signal` says nobody is waiting for them (a client that left an export?redact=1).
 */
async function recordsOf(rows: VoteRow[], options: RecordOptions, signal?: AbortSignal): Promise<BattleRecord[]> {
  const records: BattleRecord[] = [];
  let slice = performance.now();
  for (const row of rows) {
    records.push(battleRecord(row, options));
    if (performance.now() - slice > RECORD_SLICE_MS) {
      await yieldToLoop();
      signal?.throwIfAborted();
      slice = performance.now();
    }
  }
  return records;
}

/** The dedup tags a battle can have, made once. */
const NOT_HIGH_FREQ = Object.freeze({ high_freq: false, sampled: true });
const HIGH_FREQ_SAMPLED = Object.freeze({ high_freq: true, sampled: true });
const HIGH_FREQ_DROPPED = Object.freeze({ high_freq: true, sampled: false });

function recordOptionsFor(salt: string, redact: boolean, dedup: Map<string, boolean>): RecordOptions {
  // a visitor judges many battles: each one's hash computed once (an HMAC per battle was ~2 s of 1M)
  const judges = new Map<string, string>();
  return {
    judge: (visitorId) => {
      if (!visitorId) return null;
      let hash = judges.get(visitorId);
      if (hash === undefined) {
        hash = crypto.createHmac("sha256", salt).update(visitorId).digest("base64url").slice(0, 22);
        // bounded, so memory stays flat however many visitors there are
        if (judges.size >= 100_000) judges.clear();
        judges.set(visitorId, hash);
      }
      return hash;
    },
    redact,
    // one lookup: each hashes a new 36-character id (has and get were ~0.9 s of the export's thread at 1M)
    dedup: (id) => {
      const sampled = dedup.get(id);
      return sampled === undefined ? NOT_HIGH_FREQ : sampled ? HIGH_FREQ_SAMPLED : HIGH_FREQ_DROPPED;
    },
  };
}

export async function exportDataset(db: Db, options: ExportOptions): Promise<ExportSummary> {
  const filters = options.filters ?? {};
  const formats = options.formats ?? ["jsonl", "parquet"];
  const batchSize = options.batchSize ?? 2000;
  const salt = options.salt ?? crypto.randomBytes(16).toString("hex");
  const split: ExportSplit = {
    select: 0,
    read: 0,
    records: 0,
    write: 0,
    images: 0,
    chats: 0,
    statistics: 0,
    finish: 0,
  };
  const timed = stopwatch(split);
  // the datasheet's statistics (a minute of the database's work at 1M battles when they are due) are computed
  // while the battles are read and written, on a connection of their own
  const statistics = (
    options.statistics === "stored"
      ? latestDatasetStatistics(db).catch(() => null)
      : currentDatasetStatistics(db, { judgedBy: judgedByFromEnv() })
  ).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  fs.mkdirSync(options.outDir, { recursive: true });
  if (options.images !== false) fs.mkdirSync(path.join(options.outDir, "images"), { recursive: true });

  const allowed = await timed("select", () => modelsWithVotes(db, filters));
  const recordOptions = recordOptionsFor(salt, Boolean(options.redact), new Map());
  const images = new ImageCopier(options.outDir, { blurFaces: options.blurFaces });
  const copyImages = async (row: BattleRow) => {
    if (options.images === false) return;
    await timed("images", () => images.copy((row.messages ?? []).flatMap((m) => m.images ?? [])));
  };

  // battles, oldest vote first; the Output made at the first batch, when the total is known
  const outputs = { formats, sink: options.jsonlSink };
  let battles: Output | null = null;
  const source = options.source ?? "snapshot";
  // with keyset batches too: the web's archive of 1M battles took 100.8 s with the thread, 126.6 without
  const battlesFor = (total: number) =>
    new Output(options.outDir, "battles", { ...outputs, parquetThread: total >= PARQUET_THREAD_MIN });
  const models = new Set<string>();
  let first: Date | null = null;
  let last: Date | null = null;
  let done = 0;
  const batches = battleBatches(db, {
    filters,
    salt,
    redact: options.redact,
    batchSize,
    timed,
    source,
  })[Symbol.asyncIterator]();
  try {
    for (;;) {
      const started = performance.now();
      const counted = split.select + split.records;
      const next = await batches.next();
      // the wait for the next batch, less the selection and the records built meanwhile (counted apart)
      split.read += (performance.now() - started) / 1000 - (split.select + split.records - counted);
      if (next.done) break;
      const batch = next.value;
      for (const row of batch.rows) {
        models.add(row.modelAId);
        if (row.modelBId) models.add(row.modelBId);
        first ??= row.at;
        last = row.at;
        await copyImages(row);
      }
      battles ??= battlesFor(batch.total);
      const out = battles;
      await timed("write", () => out.write(batch.records as unknown as Record<string, unknown>[]));
      done += batch.rows.length;
      options.onProgress?.(done, batch.total);
    }
  } catch (error) {
    // a thread writing the Parquet file would keep the process alive
    await battles?.abort();
    throw error;
  }
  const out = battles ?? battlesFor(0);
  const files = await timed("finish", () => out.close());

  // direct chats (VisionArena-Chat): conversations with one model and at least one finished answer
  let chats = 0;
  const chatsStarted = performance.now();
  if (options.chats !== false) {
    const out = new Output(options.outDir, "chats", outputs);
    const clauses: Sql[] = releasedChatClauses({ cohorts: filters.cohorts }).map(raw);
    if (filters.from) clauses.push(sql`c."createdAt" >= ${filters.from}::timestamptz AT TIME ZONE 'UTC'`);
    if (filters.to) clauses.push(sql`c."createdAt" < ${filters.to}::timestamptz AT TIME ZONE 'UTC'`);
    const models = allowed ?? filters.models;
    if (models) clauses.push(sql`c."modelAId" = ANY(${models}::text[])`);
    for await (const rows of keysetBatches<BareRow>(db, {
      select: sql`SELECT c."visitorId", c."createdAt" AS at, NULL AS winner, NULL AS anonymous, ${raw(CONVERSATION_SQL)}
                 ${raw(FROM_CHATS)}`,
      where: join(clauses, " AND "),
      order: ['c."createdAt"', "c.id"],
      keyOf: (row) => ({ at: row.at, id: row.conversationId }),
      size: batchSize,
    })) {
      for (const row of rows) await copyImages(row);
      await out.write(
        rows.map((row: BattleRow) => chatRecord(row, recordOptions)) as unknown as Record<string, unknown>[],
      );
      chats += rows.length;
    }
    files.push(...(await out.close()));
  }
  split.chats += (performance.now() - chatsStarted) / 1000;

  const summary: ExportSummary = {
    battles: done,
    chats,
    images: options.images === false ? 0 : images.count,
    ...(images.blurred ? { blurred: images.blurred } : {}),
    models: models.size,
    from: first?.toISOString() ?? null,
    to: last?.toISOString() ?? null,
    files,
    split,
  };
  const computed = await timed("statistics", () => statistics);
  if ("error" in computed) throw computed.error;
  const stats = computed.value;
  const datasheetStarted = performance.now();
  fs.writeFileSync(
    path.join(options.outDir, "README.md"),
    `${datasheet(summary, filters, options)}\n${
      stats
        ? statisticsMarkdown(stats.statistics, stats.createdAt)
        : "## Dataset statistics\n\nNot computed yet: the jobs process computes them shortly after it starts, then every `ARENA_DATA_STATS_INTERVAL_S`.\n"
    }`,
  );
  split.finish += (performance.now() - datasheetStarted) / 1000;
  return summary;
}
