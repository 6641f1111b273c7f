// A Parquet file written on its own thread (./parquet-thread): batches come as columns (./encoded-batch), each
// acknowledged once written (with its JSON Lines text when asked for, or that text written to the JSON Lines file
// whose descriptor it was given), so the thread that sends them never runs more than a batch or two ahead.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { linesOf } from "./encoded-batch";
import { type Columns, ParquetFile, type ParquetLayout } from "./parquet-file";

export type ParquetThreadMessage = { columns: Columns; lines: boolean } | { finish: true };
export type ParquetThreadReply =
  | { written: number; lines?: string }
  | { finished: boolean }
  | { error: string; file: "parquet" | "jsonl" };

export type ParquetThreadData = { file: string; layout: ParquetLayout; linesFd: number | null };

const { file, layout, linesFd } = workerData as ParquetThreadData;
const parquet = new ParquetFile(file, layout);
const reply = (message: ParquetThreadReply) => parentPort?.postMessage(message);

parentPort?.on("message", (message: ParquetThreadMessage) => {
  void (async () => {
    try {
      if ("columns" in message) {
        parquet.write(message.columns);
        const written = message.columns[0]?.length ?? 0;
        const lines = message.lines || linesFd !== null ? linesOf(message.columns, layout) : undefined;
        if (lines !== undefined && linesFd !== null) {
          try {
            writeAll(linesFd, lines);
          } catch (error) {
            reply({ error: messageOf(error), file: "jsonl" });
            return;
          }
        }
        reply(message.lines ? { written, lines } : { written });
      } else {
        reply({ finished: await parquet.finish() });
      }
    } catch (error) {
      reply({ error: messageOf(error), file: "parquet" });
    }
  })();
});

/** The text at the file's end (a descriptor's writes follow one another; writeSync may write part of it). */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
