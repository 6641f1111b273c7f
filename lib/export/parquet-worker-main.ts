// A Parquet file written on its own thread (./parquet-thread): batches come as columns (./encoded-batch), each
// acknowledged once written, so the thread that sends them never runs more than a batch or two ahead.
import { parentPort, workerData } from "node:worker_threads";
import { ParquetFile, type ParquetLayout } from "./parquet-file";

export type ParquetThreadMessage = { columns: unknown[][] } | { finish: true };
export type ParquetThreadReply = { written: number } | { finished: boolean } | { error: string };

const { file, layout } = workerData as { file: string; layout: ParquetLayout };
const parquet = new ParquetFile(file, layout);
const reply = (message: ParquetThreadReply) => parentPort?.postMessage(message);

parentPort?.on("message", (message: ParquetThreadMessage) => {
  void (async () => {
    try {
      if ("columns" in message) {
        parquet.write(message.columns);
        reply({ written: message.columns[0]?.length ?? 0 });
      } else {
        reply({ finished: await parquet.finish() });
      }
    } catch (error) {
      reply({ error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
