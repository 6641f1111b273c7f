// A statement's rows exactly as the server sent them: each row the array of its columns' text (null for NULL) that
// node-postgres's protocol parser already made, with no type parsing and no object per row. A reader that converts
// its few typed columns itself saves node-postgres's Result work: fetching 747k of the export's messages through a
// cursor took 2.06–2.21 s of the process's CPU as objects (then copied into the export's own), 1.86–1.96 s as
// arrays, and 1.58–1.60 s as these (two alternating runs each). Simple-protocol statements only (no parameters):
// what a cursor's FETCH is.
import type pg from "pg";

export type RawRow = (string | null)[];

/** node-postgres's connection, as much of it as a submitted statement uses. */
interface Connection {
  query(text: string): void;
}

/** A statement node-postgres runs by calling these (its "Submittable"): the rows kept, settled when it ends. */
class RawRowsStatement {
  private readonly rows: RawRow[] = [];
  private failed = false;

  constructor(
    private readonly text: string,
    private readonly resolve: (rows: RawRow[]) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleRowDescription(): void {}

  handleDataRow(message: { fields: RawRow }): void {
    this.rows.push(message.fields);
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(): void {}

  handleCopyData(): void {}

  /** The server's error (the client then forgets this statement) or the connection's end. */
  handleError(error: Error): void {
    this.failed = true;
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (!this.failed) this.resolve(this.rows);
  }
}

/** Runs `text` (no parameters) on `client`, its rows as the server's text. */
export function rawRows(client: pg.ClientBase, text: string): Promise<RawRow[]> {
  return new Promise((resolve, reject) => {
    // node-postgres takes any object with `submit` as a statement of its own (pg-cursor and pg-query-stream are)
    client.query(new RawRowsStatement(text, resolve, reject) as unknown as pg.QueryConfig);
  });
}
