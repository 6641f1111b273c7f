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

const utf8 = new TextEncoder();

/**
 * A column of the file. JSON columns carry no min/max statistics: they would be whole conversations, never
 * truncated, kept for every row group until the file is finished.
 */
const columnOf = (name: string, type: ParquetType, values: unknown[]) => ({
  name,
  data:
    type === "JSON"
      ? values.map((text) => (typeof text === "string" ? utf8.encode(text) : null))
      : values.includes(undefined)
        ? values.map((value) => value ?? null)
        : values,
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
