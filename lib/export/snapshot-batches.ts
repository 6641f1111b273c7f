// Every exported battle in vote order from one snapshot, for an export that reads them all (the dataset folder of
// `arena export`): one sorted query per table (the battles, their messages, labels and images, each in vote order)
// read through cursors and joined here a conversation at a time, as each conversation's rows follow one another in
// every query. Keyset batches (./details) fetch a batch's details by its 2,000 ids, every row a random index probe:
// at 1M battles that was ~60 s of PostgreSQL's CPU (a batch's messages ~75 ms, battles ~35, labels ~15, with a warm
// cache), where the sorted queries read each table once (docs/performance.md has the split). The web (the
// /api/export stream, the research archive) keeps keyset batches: its statements are bounded, and its first row
// comes at once, where these wait for the sorts.

import type pg from "pg";
import { FROM_BATTLES } from "../dataset-stats";
import type { Db } from "../db/context";
import { raw, type Sql, sql } from "../db/sql";
import { openSnapshot } from "../leaderboard/battles";
import {
  type BareRow,
  detailsOf,
  EXPORTED_MESSAGE_SQL,
  IMAGE_SQL,
  type ImageOf,
  imagesByMessage,
  MESSAGE_SQL,
  type MessageWithId,
} from "./details";
import type { BattleRow, LabelRow } from "./records";

/** The battles' order; each query orders its rows by it first, so a conversation's rows come together. */
const VOTE_ORDER = `v."createdAt", v.id`;

/** Memory for each sort and hash of the export's queries, in MB (PostgreSQL's work_mem). */
const EXPORT_WORK_MEM_MB = 256;

let cursors = 0;

/**
 * A connection's statements one after the other: node-postgres queues statements sent to a busy connection, but
 * says that will end (pg 9), and with fewer connections than cursors (a small pool) some cursors share one.
 */
class Lane {
  private last: Promise<unknown> = Promise.resolve();
  constructor(private readonly client: pg.PoolClient) {}

  query<R extends pg.QueryResultRow>(statement: Sql): Promise<pg.QueryResult<R>> {
    const run = this.last.then(
      () => this.client.query<R>(statement),
      () => this.client.query<R>(statement),
    );
    this.last = run.catch(() => {});
    return run;
  }
}

/**
 * A query's rows through a cursor, `fetchSize` at a time, the next ones always being fetched: the first FETCH is
 * sent at once, so every query's sort starts together on its connection (fetched when first wanted, the messages'
 * sort waited for the battles' and the first rows came after 22.7 s at 1M instead of ~13).
 */
class Cursor<R extends pg.QueryResultRow> {
  private ended = false;
  private ahead: Promise<R[]>;
  private constructor(
    private readonly lane: Lane,
    private readonly name: string,
    private readonly fetchSize: number,
  ) {
    this.ahead = this.read();
  }

  static async open<R extends pg.QueryResultRow>(lane: Lane, query: Sql, fetchSize: number): Promise<Cursor<R>> {
    const name = `export_rows_${++cursors}`;
    await lane.query(sql`DECLARE ${raw(name)} NO SCROLL CURSOR FOR ${query}`);
    return new Cursor<R>(lane, name, fetchSize);
  }

  /** The next rows; none once the query has given them all. */
  async fetch(): Promise<R[]> {
    const rows = await this.ahead;
    this.ahead = this.read();
    return rows;
  }

  private read(): Promise<R[]> {
    if (this.ended) return Promise.resolve([]);
    const reading = this.lane
      .query<R>(sql`FETCH ${raw(String(this.fetchSize))} FROM ${raw(this.name)}`)
      .then(({ rows }) => {
        this.ended = rows.length < this.fetchSize;
        return rows;
      });
    // read ahead: a reader that stops early never asks for these rows
    reading.catch(() => {});
    return reading;
  }
}

/** A cursor's rows taken a conversation at a time, in the order the query gives them. */
class Runs<R extends { conversationId: string }> {
  private rows: R[] = [];
  private next = 0;
  constructor(private readonly cursor: Cursor<R>) {}

  /** The rows of each of `ids` in turn (an empty list where one has none); `ids` in the query's order. */
  async take(ids: string[]): Promise<R[][]> {
    const out: R[][] = [];
    for (const id of ids) {
      const run: R[] = [];
      for (;;) {
        if (this.next === this.rows.length) {
          this.rows = await this.cursor.fetch();
          this.next = 0;
          if (this.rows.length === 0) break;
        }
        const row = this.rows[this.next] as R;
        if (row.conversationId !== id) break;
        run.push(row);
        this.next++;
      }
      out.push(run);
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

/** The battles in vote order with their messages and labels, `size` at a time; the next batch is read meanwhile. */
export async function* snapshotBatches<T extends BareRow>(db: Db, query: SnapshotQuery): AsyncGenerator<Detailed<T>[]> {
  const { select, where, size } = query;
  // a connection for each query over one snapshot (fewer when the pool is smaller: they take turns), so that
  // their sorts run at once. Each query's sorts and hashes get EXPORT_WORK_MEM_MB: enough at 1M battles for every
  // hash in memory, and bounded at 10M (a recompute's formula would give 1 GB to each)
  const snapshot = await openSnapshot(db, 4, { workMemMb: EXPORT_WORK_MEM_MB });
  const lanes = snapshot.clients.map((client) => new Lane(client));
  const lane = (k: number) => lanes[k % lanes.length] as Lane;
  let ok = false;
  /** the batch being read ahead: settled before the connections go back to the pool */
  let next: Promise<unknown> = Promise.resolve();
  try {
    const battles = await Cursor.open<T>(lane(0), sql`${select} WHERE ${where} ORDER BY ${raw(VOTE_ORDER)}`, size);
    const messages = new Runs(
      await Cursor.open<MessageWithId>(
        lane(1),
        sql`SELECT ${raw(MESSAGE_SQL)} ${raw(FROM_BATTLES)} JOIN "Message" m ON m."conversationId" = c.id
              LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
            WHERE ${where} AND ${raw(EXPORTED_MESSAGE_SQL)}
            ORDER BY ${raw(VOTE_ORDER)}, m.turn, m."createdAt", m.side, m.role`,
        size * 4,
      ),
    );
    const labels = new Runs(
      await Cursor.open<LabelRow & { conversationId: string }>(
        lane(2),
        sql`SELECT lab."conversationId", lab.category, lab.labeller, lab."labellerVersion" AS version, lab.value
            ${raw(FROM_BATTLES)} JOIN "BattleCategory" lab ON lab."conversationId" = c.id
            WHERE ${where} ORDER BY ${raw(VOTE_ORDER)}, lab.labeller, lab.category`,
        size * 4,
      ),
    );
    const images = new Runs(
      await Cursor.open<ImageOf & { conversationId: string; messageId: string }>(
        lane(3),
        sql`SELECT c.id AS "conversationId", ${raw(IMAGE_SQL)}
            ${raw(FROM_BATTLES)} JOIN "Message" m ON m."conversationId" = c.id
              JOIN "MessageImage" mi ON mi."messageId" = m.id JOIN "Image" i ON i.sha256 = mi."imageSha256"
            WHERE ${where} AND NOT m.superseded ORDER BY ${raw(VOTE_ORDER)}, mi."messageId", mi.position`,
        size * 2,
      ),
    );
    const read = async (): Promise<Detailed<T>[]> => {
      const rows = await battles.fetch();
      const ids = rows.map((r) => r.conversationId);
      const [m, l, i] = await Promise.all([messages.take(ids), labels.take(ids), images.take(ids)]);
      return rows.map((row, k) => ({ ...row, ...detailsOf(m[k] ?? [], l[k] ?? [], imagesByMessage(i[k] ?? [])) }));
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
    await snapshot.close(ok);
  }
}
