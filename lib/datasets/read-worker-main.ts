import { parentPort, workerData } from "node:worker_threads";
import { readPart } from "./parallel-read";

// One part of a JSON Lines file: bytes read reported as they come, then the part's table (its arrays moved, not
// copied) and its malformed lines.
const { file, start, end } = workerData as { file: string; start: number; end: number };
try {
  const part = await readPart(file, start, end, (bytes) => parentPort?.postMessage({ bytes }));
  const t = part.table;
  const arrays = [t.a, t.b, t.outcome, t.anony, t.isPreset, t.isRefusal, t.dedupKeep, t.turn, t.tstamp, t.language];
  arrays.push(t.judge, t.categoryOffsets, t.categoryIds, t.style, t.entities);
  parentPort?.postMessage(
    { part },
    arrays.map((array) => array.buffer as ArrayBuffer),
  );
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
