// SQL literals for the few hot paths that send several statements in one simple-protocol message (node-postgres
// sends parameterised statements one round trip at a time). Only ever built from validated or quoted values.
// Measured (`npm run bench:messages -- 8000`: the vote's six statements over a scratch table, embedded PostgreSQL,
// this 2-core machine, 2026-11-27): one literal message against six parameterised round trips, one at a time
// 1,857 against 872 votes/s (p50 0.50 against 1.09 ms; client CPU 0.23 against 0.44 ms a vote); 50 at a time
// 3,187 against 2,048 votes/s (p50 10.9 against 23.0 ms; p99 186 against 41 ms). Kept for the turn's claim and
// the vote only (lib/arena/turn-claim.ts, votes.ts); everything else is parameterised through ./sql.ts.
import type pg from "pg";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

export function uuidLiteral(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a UUID: ${JSON.stringify(id)}`);
  return `'${id}'::uuid`;
}

export function literals(client: pg.ClientBase) {
  const text = (value: string | null) => (value === null ? "NULL" : client.escapeLiteral(value));
  return {
    text,
    array: (values: string[], type: string) => `ARRAY[${values.map(text).join(", ")}]::${type}[]`,
    int: (value: number) => {
      if (!Number.isInteger(value)) throw new Error(`not an integer: ${value}`);
      return String(value);
    },
    bool: (value: boolean) => (value ? "true" : "false"),
  };
}

/** The results of a multi-statement message, one per statement (node-postgres returns one object for one). */
export function statementResults<T extends pg.QueryResultRow>(result: unknown): pg.QueryResult<T>[] {
  return (Array.isArray(result) ? result : [result]) as pg.QueryResult<T>[];
}
