// A connection's statements one after the other. node-postgres queues a statement sent to a connection that is
// still running one, but warns that this ends in pg 9; and where a pool is smaller than the cursors a reader opens
// over one snapshot (the export's, the recompute's), some cursors share a connection and take turns here.
import type pg from "pg";
import { type RawRow, rawRows } from "./raw-rows";
import type { Sql } from "./sql";

export class Lane {
  private last: Promise<unknown> = Promise.resolve();
  constructor(private readonly client: pg.PoolClient) {}

  query<R extends pg.QueryResultRow>(statement: Sql): Promise<pg.QueryResult<R>> {
    return this.after(() => this.client.query<R>(statement));
  }

  /** The rows as arrays, in the statement's column order (node-postgres's rowMode "array"). */
  async rows(statement: Sql): Promise<unknown[][]> {
    const { text, values } = statement;
    return (await this.after(() => this.client.query<unknown[]>({ text, values, rowMode: "array" }))).rows;
  }

  /** The rows as the server's text (./raw-rows); a statement without parameters. */
  raw(statement: Sql): Promise<RawRow[]> {
    if (statement.values.length > 0) throw new Error("a raw statement takes no parameters");
    return this.after(() => rawRows(this.client, statement.text));
  }

  private after<T>(work: () => Promise<T>): Promise<T> {
    const run = this.last.then(work, work);
    this.last = run.catch(() => {});
    return run;
  }
}
