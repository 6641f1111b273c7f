import { parentPort } from "node:worker_threads";
import { nsfwScores, warmNsfw } from "./nsfw";

// one image per message; the model loads on the first (or on a warm-up message) and stays
parentPort?.on("message", async (message: { id: number; bytes?: Uint8Array; warm?: true }) => {
  try {
    if (message.warm || !message.bytes) {
      await warmNsfw();
      parentPort?.postMessage({ id: message.id, warm: true });
      return;
    }
    const scores = await nsfwScores(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
    parentPort?.postMessage({ id: message.id, scores });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
