// Every exported battle in vote order from one snapshot, for an export that reads them all (the dataset folder of
// `arena export`): for each part of vote time (PART_ENDS), one sorted query per table (the battles, their messages,
// labels and images, each in vote order) read through cursors and joined here a conversation at a time, as each
// conversation's rows follow one another in every query. Keyset batches (./details) fetch a batch's details by its
// 2,000 ids, every row a random index probe: at 1M battles that was ~60 s of PostgreSQL's CPU (a batch's messages
// ~75 ms, battles ~35, labels ~15, with a warm cache), where the sorted queries read each table once a part
// (docs/performance.md has the split). The web (the /api/export stream, the research archive) keeps keyset batches:
// its statements are bounded, and its first row comes at once, where these wait for the sorts.

import type pg from "pg";
import { FROM_BATTLES } from "../dataset-stats";
import type { Db } from "../db/context";
import { Cursor } from "../db/cursor";
import { Lane } from "../db/lane";
import type { RawRow } from "../db/raw-rows";
import { raw, type Sql, sql } from "../db/sql";
import { openSnapshot } from "../leaderboard/battles";
import {
  type BareRow,
  detailsOf,
  EXPORTED_MESSAGE_SQL,
  IMAGE_SQL,
  type ImageOf,
  imageOfText,
  imagesByMessage,
  labelOfText,
  MESSAGE_SQL,
  messageOfText,
} from "./details";
import type { BattleRow } from "./records";

/** A conversation's rows when it has none, shared (nothing adds to it). */
const NO_ROWS: readonly RawRow[] = Object.freeze([]);

/** A battle's images by message when it has none: one map for them all. With a map and a list per battle, a heap
 *  sample of a 1M export counted ~0.4 GB more allocated (10.25 GB in all); the export's CPU did not measurably change. */
const NO_IMAGES: ReadonlyMap<string, ImageOf[]> = new Map();

/** The battles' order; each query orders its rows by it first, so a conversation's rows come together. */
const VOTE_ORDER = `v."createdAt", v.id`;

/** Memory for each sort and hash of the export's queries, in MB (PostgreSQL's work_mem). */
const EXPORT_WORK_MEM_MB = 256;

/** A cursor's rows (the server's text, the conversation's id in column `key`) taken a conversation at a time, in the
 * order the query gives them. */
class Runs {
  private rows: RawRow[] = [];
  private next = 0;
  constructor(
    private readonly cursor: Cursor<RawRow>,
    private readonly key: number,
  ) {}

  /** The rows of each of `ids` in turn (an empty list where one has none); `ids` in the query's order. */
  async take(ids: string[]): Promise<(readonly RawRow[])[]> {
    const out: (readonly RawRow[])[] = [];
    for (const id of ids) {
      // made when a row comes: most battles have no images, many no labels (see NO_IMAGES)
      let run: RawRow[] | null = null;
      for (;;) {
        if (this.next === this.rows.length) {
          this.rows = await this.cursor.fetch();
          this.next = 0;
          if (this.rows.length === 0) break;
        }
        const row = this.rows[this.next] as RawRow;
        if (row[this.key] !== id) break;
        run ??= [];
        run.push(row);
        this.next++;
      }
      out.push(run ?? NO_ROWS);
    }
    return out;
  }
}

export interface SnapshotQuery {
  /** the battles' columns (`conversationId` among them) and FROM_BATTLES, without WHERE */
  select: Sql;
  /** which battles, over FROM_BATTLES's `v`, `c` and `vis` */
  where: Sql;
  size: number;
}

type Detailed<T> = T & Pick<BattleRow, "messages" | "labels">;

/** A cursor's rows, `n` at a time whatever the cursor's FETCH size. */
class Rows<R extends pg.QueryResultRow> {
  private rows: R[] = [];
  private next = 0;
  constructor(private readonly cursor: Cursor<R>) {}

  async take(n: number): Promise<R[]> {
    if (this.next === this.rows.length) {
      this.rows = await this.cursor.fetch();
      this.next = 0;
    }
    const out = this.rows.slice(this.next, this.next + n);
    this.next += out.length;
    return out;
  }
}

/**
 * Where the export's parts of vote time end, as shares of the votes: the parts are read one after the other, each by
 * its own sorted queries. The first battle comes once the first part is sorted, and the next part is sorted while
 * the one before is read; but each part's queries scan the tables again (every message, answer, label and
 * conversation: ~3–4 s of PostgreSQL's CPU a part at 1M). So two parts, the first the smaller: its sort is the wait,
 * and the larger second part is sorted while the first is written. 1M exports alternating, same bytes, in one hour
 * of this 2-core machine: two parts split at 35% 37.1 and 36.9 s (PostgreSQL 27.7 and 27.4 s of CPU); at 25% 38.7
 * and 35.5; at 50% 37.2, 38.9, 39.3, 36.1 (27–31); three parts (5%, 50%) 38.3–40.0 (30–32); four even parts, as
 * before, 38.99–41.75 (34.8–36.4). With one part the export waited ~22 s for its sorts; eight parts were slower.
 * The bounds come from PostgreSQL's statistics of the votes' times (pg_stats); the parts cover all votes whatever
 * the bounds, and without statistics there is one part.
 */
const PART_ENDS = [0.35];

/** Vote times splitting the votes at PART_ENDS (none without statistics). */
async function segmentBounds(db: Db): Promise<string[]> {
  const { rows } = await db.pool.query<{ bound: string }>(
    sql`SELECT b::text AS bound FROM pg_stats, unnest(histogram_bounds::text::timestamp[]) AS b
        WHERE schemaname = current_schema() AND tablename = 'Vote' AND attname = 'createdAt'`,
  );
  // a histogram of a handful of votes has too few bounds to split by
  if (rows.length <= 4) return [];
  return PART_ENDS.map((end) => (rows[Math.round(end * (rows.length - 1))] as { bound: string }).bound);
}

/** One part of vote time: its battles, messages, labels and images, each by one sorted query. */
class Segment<T extends BareRow> {
  private constructor(
    private readonly battles: Rows<T>,
    private readonly messages: Runs,
    private readonly labels: Runs,
    private readonly images: Runs,
    private readonly cursors: Cursor<pg.QueryResultRow>[],
  ) {}

  static async open<T extends BareRow>(lanes: Lane[], query: SnapshotQuery, part: Sql): Promise<Segment<T>> {
    const { select, size } = query;
    const where = sql`${query.where} AND ${part}`;
    const lane = (k: number) => lanes[k % lanes.length] as Lane;
    const battles = await Cursor.open<T>(lane(0), sql`${select} WHERE ${where} ORDER BY ${raw(VOTE_ORDER)}`, size);
    // the details as the server's text, converted here (../db/raw-rows): 5M rows at 1M battles
    const messages = await Cursor.raw(
      lane(1),
      sql`SELECT ${raw(MESSAGE_SQL)} ${raw(FROM_BATTLES)} JOIN "Message" m ON m."conversationId" = c.id
            LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
          WHERE ${where} AND ${raw(EXPORTED_MESSAGE_SQL)}
          ORDER BY ${raw(VOTE_ORDER)}, m.turn, m."createdAt", m.side, m.role`,
      size * 4,
    );
    const labels = await Cursor.raw(
      lane(2),
      sql`SELECT lab."conversationId", lab.category, lab.labeller, lab."labellerVersion" AS version, lab.value
          ${raw(FROM_BATTLES)} JOIN "BattleCategory" lab ON lab."conversationId" = c.id
          WHERE ${where} ORDER BY ${raw(VOTE_ORDER)}, lab.labeller, lab.category`,
      size * 4,
    );
    const images = await Cursor.raw(
      lane(3),
      sql`SELECT c.id AS "conversationId", ${raw(IMAGE_SQL)}
          ${raw(FROM_BATTLES)} JOIN "Message" m ON m."conversationId" = c.id
            JOIN "MessageImage" mi ON mi."messageId" = m.id JOIN "Image" i ON i.sha256 = mi."imageSha256"
          WHERE ${where} AND NOT m.superseded ORDER BY ${raw(VOTE_ORDER)}, mi."messageId", mi.position`,
      size * 2,
    );
    // the conversation's id: MESSAGE_SQL's second column, the labels' and images' first
    return new Segment(new Rows(battles), new Runs(messages, 1), new Runs(labels, 0), new Runs(images, 0), [
      battles,
      messages,
      labels,
      images,
    ] as Cursor<pg.QueryResultRow>[]);
  }

  /** Up to `n` more battles with their details; none once the part is read. */
  async take(n: number): Promise<Detailed<T>[]> {
    const rows = await this.battles.take(n);
    const ids = rows.map((r) => r.conversationId);
    const [m, l, i] = await Promise.all([this.messages.take(ids), this.labels.take(ids), this.images.take(ids)]);
    // each row given its details in place: a copy of 1M rows was ~3 s of the export's thread, with its garbage
    return rows.map((row, k) => {
      const shown = i[k] ?? [];
      const images = shown.length > 0 ? imagesByMessage(shown.map(imageOfText)) : NO_IMAGES;
      const message = (fields: RawRow) => messageOfText(fields, images);
      return Object.assign(row, detailsOf(m[k] ?? [], l[k] ?? [], message, labelOfText));
    });
  }

  /** Frees the part's sorted rows on the server. */
  async close(): Promise<void> {
    await Promise.all(this.cursors.map((cursor) => cursor.close()));
  }
}

/**
 * The battles in vote order with their messages and labels, `size` at a time (batches run across the parts, so
 * they are the same however the votes are split); the next batch is read meanwhile.
 */
export async function* snapshotBatches<T extends BareRow>(db: Db, query: SnapshotQuery): AsyncGenerator<Detailed<T>[]> {
  const { size } = query;
  const bounds = await segmentBounds(db);
  const parts = [null, ...bounds].map((from, k) => {
    const to = bounds[k] ?? null;
    const after = from === null ? sql`TRUE` : sql`v."createdAt" >= ${from}::timestamp`;
    return to === null ? after : sql`${after} AND v."createdAt" < ${to}::timestamp`;
  });
  // a connection for each query of two parts over one snapshot (fewer when the pool is smaller: they take turns),
  // so that a part's sorts run at once, and the next part's while this one is read. Each query's sorts and hashes
  // get EXPORT_WORK_MEM_MB: enough at 1M battles for every hash in memory, and bounded at 10M (a recompute's
  // formula would give 1 GB to each)
  const snapshot = await openSnapshot(db, parts.length > 1 ? 8 : 4, { workMemMb: EXPORT_WORK_MEM_MB });
  const lanes = snapshot.clients.map((client) => new Lane(client));
  const half = Math.max(1, Math.floor(lanes.length / 2));
  const lanesOf = (k: number) => (parts.length > 1 && k % 2 === 1 ? lanes.slice(half) : lanes.slice(0, half));
  const open = (k: number) => (k < parts.length ? Segment.open<T>(lanesOf(k), query, parts[k] as Sql) : null);
  let ok = false;
  /** the batch being read ahead: settled before the connections go back to the pool */
  let next: Promise<unknown> = Promise.resolve();
  let current: Segment<T> | null = null;
  // the next part, once its queries were started (null past the last part), and the last part started
  let following = null as Promise<Segment<T>> | null;
  let started = 0;
  let k = 0;
  const startNext = () => {
    if (started > k) return;
    started = k + 1;
    following = open(started);
    following?.catch(() => {});
  };
  try {
    current = await (open(0) as Promise<Segment<T>>);
    const read = async (): Promise<Detailed<T>[]> => {
      const batch: Detailed<T>[] = [];
      while (current && batch.length < size) {
        const rows = await current.take(size - batch.length);
        if (rows.length > 0) {
          batch.push(...rows);
          // the next part's sorts start once this part's rows come (started together, a part's sorts and the
          // next one's shared the two cores, and the first battle came after ~15 s at 1M instead of ~22)
          startNext();
          continue;
        }
        // this part is read, and the next one was sorted meanwhile (started now if this one had no rows: a filter
        // may leave a part empty)
        await current.close();
        startNext();
        const opening = following as Promise<Segment<T>> | null;
        following = null;
        k++;
        current = opening ? await opening : null;
      }
      return batch;
    };
    let ahead = read();
    next = ahead;
    for (;;) {
      const rows = await ahead;
      if (rows.length === 0) break;
      ahead = read();
      next = ahead;
      // a consumer that stops early must not leave the read ahead's rejection unhandled
      ahead.catch(() => {});
      yield rows;
    }
    ok = true;
  } finally {
    await next.catch(() => {});
    await following?.catch(() => {});
    await snapshot.close(ok);
  }
}
