// A Parquet file written a batch of records at a time (one row group each), from a layout in records.ts.
import { fileWriter, ParquetWriter, schemaFromColumnData } from "hyparquet-writer";
import { BATTLE_COLUMNS, CHAT_COLUMNS, type ParquetType } from "./records";

export const PARQUET_LAYOUTS = { battles: BATTLE_COLUMNS, chats: CHAT_COLUMNS } as const;
export type ParquetLayout = keyof typeof PARQUET_LAYOUTS;

/**
 * A column of the Parquet file from the records' field of the same name. JSON columns carry no min/max statistics:
 * they would be whole conversations, never truncated, kept for every row group until the file is finished.
 */
const columnOf = (rows: Record<string, unknown>[]) => (name: string, type: ParquetType) => ({
  name,
  type,
  data: rows.map((r) => r[name] ?? null),
  nullable: true,
  ...(type === "JSON" ? { statistics: false } : {}),
});

export class ParquetFile {
  private writer: ParquetWriter | null = null;
  constructor(
    private readonly file: string,
    private readonly layout: ParquetLayout,
  ) {}

  write(records: Record<string, unknown>[]): void {
    if (records.length === 0) return;
    const column = columnOf(records);
    const columnData = Object.entries(PARQUET_LAYOUTS[this.layout]).map(([name, type]) => column(name, type)) as never;
    this.writer ??= new ParquetWriter({ writer: fileWriter(this.file), schema: schemaFromColumnData({ columnData }) });
    this.writer.write({ columnData, rowGroupSize: records.length });
  }

  /** Whether a row was written (no file otherwise). */
  async finish(): Promise<boolean> {
    if (!this.writer) return false;
    await this.writer.finish();
    return true;
  }
}
