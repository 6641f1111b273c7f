// The worker thread of a ParquetThread: records arrive as the JSON Lines text of their batch (one string copied
// across, not a structured clone of every object), are read back and written as one row group each.
import { parentPort, workerData } from "node:worker_threads";
import { ParquetFile, type ParquetLayout } from "./parquet-file";

const { file, layout } = workerData as { file: string; layout: ParquetLayout };
const parquet = new ParquetFile(file, layout);

parentPort?.on("message", async (message: { lines: string } | { finish: true }) => {
  try {
    if ("lines" in message) {
      parquet.write(
        message.lines
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      parentPort?.postMessage({ written: true });
    } else {
      parentPort?.postMessage({ finished: await parquet.finish() });
    }
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
