// A Parquet file written on its own thread (./parquet-thread): batches come as columns (./encoded-batch), each
// acknowledged once written (with its JSON Lines text when asked for), so the thread that sends them never runs
// more than a batch or two ahead.
import { parentPort, workerData } from "node:worker_threads";
import { linesOf } from "./encoded-batch";
import { type Columns, ParquetFile, type ParquetLayout } from "./parquet-file";

export type ParquetThreadMessage = { columns: Columns; lines: boolean } | { finish: true };
export type ParquetThreadReply = { written: number; lines?: string } | { finished: boolean } | { error: string };

const { file, layout } = workerData as { file: string; layout: ParquetLayout };
const parquet = new ParquetFile(file, layout);
const reply = (message: ParquetThreadReply) => parentPort?.postMessage(message);

parentPort?.on("message", (message: ParquetThreadMessage) => {
  void (async () => {
    try {
      if ("columns" in message) {
        parquet.write(message.columns);
        const written = message.columns[0]?.length ?? 0;
        reply(message.lines ? { written, lines: linesOf(message.columns, layout) } : { written });
      } else {
        reply({ finished: await parquet.finish() });
      }
    } catch (error) {
      reply({ error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
