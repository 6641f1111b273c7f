// A Parquet file written a batch at a time (one row group each), from a layout in records.ts and the columns of
// ./encoded-batch, whose JSON columns come as JSON text.
import type { SchemaElement } from "hyparquet";
import { fileWriter, ParquetWriter, schemaFromColumnData } from "hyparquet-writer";
import { BATTLE_COLUMNS, CHAT_COLUMNS, type ParquetType } from "./records";

export const PARQUET_LAYOUTS = { battles: BATTLE_COLUMNS, chats: CHAT_COLUMNS } as const;
export type ParquetLayout = keyof typeof PARQUET_LAYOUTS;

/**
 * A batch's columns in the layout's order, a value a record (./encoded-batch): a JSON column's value as its JSON
 * text, any other value as it is; null and undefined (a field JSON cannot hold) kept as they are.
 */
export type Columns = unknown[][];

/**
 * The file's schema (what hyparquet-writer makes of the layout), and the one its columns are written with: there a
 * JSON column is plain bytes, since hyparquet-writer would turn each value into JSON text itself and ours are JSON
 * text already. The two differ in the converted type alone, which the footer holds and no page does, so the file
 * is the one hyparquet-writer writes from the records' values (parquet-thread.test.ts compares them byte for byte).
 */
function schemas(layout: ParquetLayout): { file: SchemaElement[]; pages: SchemaElement[] } {
  const columnData = Object.entries(PARQUET_LAYOUTS[layout]).map(([name, type]) => ({ name, type, data: [] }));
  const file = schemaFromColumnData({ columnData: columnData as never });
  const pages = file.map((element) =>
    element.converted_type === "JSON" ? { ...element, converted_type: undefined } : element,
  );
  return { file, pages };
}

/**
 * A JSON column's texts as UTF-8, each a view into one buffer for the whole column (null where a value is null). A
 * TextEncoder.encode per value made an ArrayBuffer of each: 2.7 µs a battle at least and 5.5–6.2 typically, with
 * the collector's work, against 1.2 for this (12 passes over 40k battles of the 1M database, three rounds; the same
 * bytes). A UTF-16 unit takes at most 3 bytes in UTF-8 (a pair of them 4), so the buffer always has room.
 */
function utf8Views(values: unknown[]): (Uint8Array | null)[] {
  let capacity = 0;
  for (const value of values) if (typeof value === "string") capacity += value.length * 3;
  const bytes = Buffer.allocUnsafe(capacity);
  let at = 0;
  return values.map((value) => {
    if (typeof value !== "string") return null;
    const written = bytes.write(value, at);
    const view = bytes.subarray(at, at + written);
    at += written;
    return view;
  });
}

/**
 * A column of the file. JSON columns carry no min/max statistics: they would be whole conversations, never
 * truncated, kept for every row group until the file is finished.
 */
const columnOf = (name: string, type: ParquetType, values: unknown[]) => ({
  name,
  data:
    type === "JSON" ? utf8Views(values) : values.includes(undefined) ? values.map((value) => value ?? null) : values,
  ...(type === "JSON" ? { statistics: false } : {}),
});

export class ParquetFile {
  private writer: ParquetWriter | null = null;
  private readonly schema: { file: SchemaElement[]; pages: SchemaElement[] };
  constructor(
    private readonly file: string,
    private readonly layout: ParquetLayout,
  ) {
    this.schema = schemas(layout);
  }

  /** A batch's columns (./encoded-batch), in the layout's order. */
  write(columns: Columns): void {
    const rows = columns[0]?.length ?? 0;
    if (rows === 0) return;
    const types = Object.entries(PARQUET_LAYOUTS[this.layout]);
    const columnData = types.map(([name, type], j) => columnOf(name, type, columns[j] as unknown[]));
    this.writer ??= new ParquetWriter({ writer: fileWriter(this.file), schema: this.schema.pages });
    this.writer.write({ columnData: columnData as never, rowGroupSize: rows });
  }

  /** Whether a row was written (no file otherwise). */
  async finish(): Promise<boolean> {
    if (!this.writer) return false;
    this.writer.schema = this.schema.file;
    await this.writer.finish();
    return true;
  }
}
