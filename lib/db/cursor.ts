// A query's rows through a server-side cursor on a Lane, `fetchSize` at a time, the next ones always being fetched:
// the first FETCH is sent at once, so cursors opened together over one snapshot start their sorts together (the
// export's messages, fetched when first wanted, waited for the battles' sort: first rows after 22.7 s at 1M instead
// of ~13), and a reader's work on one batch overlaps the database's on the next. The export reads its battles as
// objects and their details as the server's text, the leaderboard's vote parts as arrays.
import type pg from "pg";
import type { Lane } from "./lane";
import type { RawRow } from "./raw-rows";
import { raw, type Sql, sql } from "./sql";

let cursors = 0;

export class Cursor<R> {
  private ended = false;
  private ahead: Promise<R[]>;
  private constructor(
    private readonly lane: Lane,
    private readonly name: string,
    private readonly fetchSize: number,
    private readonly fetchRows: (statement: Sql) => Promise<R[]>,
  ) {
    this.ahead = this.read();
  }

  /** Rows as objects keyed by column name. */
  static async open<R extends pg.QueryResultRow>(lane: Lane, query: Sql, fetchSize: number): Promise<Cursor<R>> {
    const name = await Cursor.declare(lane, query);
    return new Cursor<R>(lane, name, fetchSize, async (statement) => (await lane.query<R>(statement)).rows);
  }

  /** Rows as arrays, in the query's column order (no object built per row). */
  static async arrays(lane: Lane, query: Sql, fetchSize: number): Promise<Cursor<unknown[]>> {
    const name = await Cursor.declare(lane, query);
    return new Cursor<unknown[]>(lane, name, fetchSize, (statement) => lane.rows(statement));
  }

  /** Rows as the server's text, each column's (./raw-rows): the reader converts what it reads. */
  static async raw(lane: Lane, query: Sql, fetchSize: number): Promise<Cursor<RawRow>> {
    const name = await Cursor.declare(lane, query);
    return new Cursor<RawRow>(lane, name, fetchSize, (statement) => lane.raw(statement));
  }

  private static async declare(lane: Lane, query: Sql): Promise<string> {
    const name = `cursor_${++cursors}`;
    await lane.query(sql`DECLARE ${raw(name)} NO SCROLL CURSOR FOR ${query}`);
    return name;
  }

  /** The next rows; none once the query has given them all. */
  async fetch(): Promise<R[]> {
    const rows = await this.ahead;
    this.ahead = this.read();
    return rows;
  }

  /** Ends the cursor (its sorted rows freed) once its last read has come. */
  async close(): Promise<void> {
    await this.ahead.catch(() => {});
    await this.lane.query(sql`CLOSE ${raw(this.name)}`);
  }

  private read(): Promise<R[]> {
    if (this.ended) return Promise.resolve([]);
    const reading = this.fetchRows(sql`FETCH ${raw(String(this.fetchSize))} FROM ${raw(this.name)}`).then((rows) => {
      this.ended = rows.length < this.fetchSize;
      return rows;
    });
    // read ahead: a reader that stops early never asks for these rows
    reading.catch(() => {});
    return reading;
  }
}
