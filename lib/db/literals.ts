// SQL literals for the few hot paths that send several statements in one simple-protocol message (node-postgres
// sends parameterised statements one round trip at a time). Only ever built from validated or quoted values.
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
