// A batch of records encoded once for both formats. Each JSON column's value is stringified once, on the export's
// thread (columnsOf): the Parquet file takes those texts for its JSON columns, and the JSON Lines text is put
// together from them and the other fields (linesOf, on the Parquet thread when there is one), byte for byte what
// JSON.stringify gives for the record. Before, the Parquet side parsed the JSON Lines again and hyparquet-writer
// stringified every JSON value a second time: ~20 s of CPU per 1M battles (JSON.parse 8.8 s, toJson 4.2 s,
// JSON.stringify 6.2 s in a profile of the Parquet thread), on a machine whose two cores the export shares with
// PostgreSQL.
import { JsonText } from "./conv-metadata";
import { type Columns, PARQUET_LAYOUTS, type ParquetLayout } from "./parquet-file";

/** The layout's fields, each with its JSON key ("name":) made once. */
const FIELDS = Object.fromEntries(
  Object.entries(PARQUET_LAYOUTS).map(([layout, columns]) => [
    layout,
    Object.entries(columns).map(([name, type]) => ({ name, key: `${JSON.stringify(name)}:`, json: type === "JSON" })),
  ]),
) as Record<ParquetLayout, { name: string; key: string; json: boolean }[]>;

export function columnsOf(records: readonly Record<string, unknown>[], layout: ParquetLayout): Columns {
  return FIELDS[layout].map(({ name, json }) =>
    records.map((record) => {
      const value = record[name];
      if (!json || value === null || value === undefined) return value;
      return value instanceof JsonText ? value.text : JSON.stringify(value);
    }),
  );
}

/**
 * A field's JSON text (undefined where JSON holds no value, as JSON.stringify leaves such a field out): a JSON
 * column's text as it is, scalars by their type. JSON.stringify called on every scalar made the lines 4.3–4.7 µs a
 * battle, this 3.2–3.4 (least of 12 passes over 40k battles of the 1M database, three rounds; the same bytes).
 */
function textOf(json: boolean, value: unknown): string | undefined {
  if (json && value !== null) return value as string | undefined;
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      // what JSON.stringify writes: the number's shortest text, null for what JSON cannot hold
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    default:
      return value === null ? "null" : JSON.stringify(value);
  }
}

/**
 * The batch as JSON Lines, each line ending in "\n". A line's keys come in the layout's order, which is the records'
 * own (records.ts), and a field whose value JSON cannot hold (undefined) is left out as JSON.stringify leaves it out.
 */
export function linesOf(columns: Columns, layout: ParquetLayout): string {
  const fields = FIELDS[layout];
  const rows = columns[0]?.length ?? 0;
  const lines = new Array<string>(rows + 1);
  for (let i = 0; i < rows; i++) {
    let line = "";
    for (let j = 0; j < fields.length; j++) {
      const field = fields[j] as (typeof fields)[number];
      const text = textOf(field.json, (columns[j] as unknown[])[i]);
      if (text !== undefined) line += (line === "" ? "{" : ",") + field.key + text;
    }
    lines[i] = line === "" ? "{}" : `${line}}`;
  }
  lines[rows] = "";
  return lines.join("\n");
}

/** Battle records as JSON Lines (what JSON.stringify gives for each, one a line), for the /api/export stream. */
export const battleJsonLines = (records: readonly Record<string, unknown>[]): string =>
  linesOf(columnsOf(records, "battles"), "battles");
