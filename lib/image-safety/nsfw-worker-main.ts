import { parentPort } from "node:worker_threads";
import { nsfwScores } from "./nsfw";

// one image per message; the model loads on the first and stays
parentPort?.on("message", async (message: { id: number; bytes: Uint8Array }) => {
  try {
    const scores = await nsfwScores(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
    parentPort?.postMessage({ id: message.id, scores });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
