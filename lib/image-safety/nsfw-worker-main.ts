import { parentPort } from "node:worker_threads";
import { nsfwScores, warmNsfw } from "./nsfw";
import type { NsfwThreadMessage } from "./nsfw-pool";

// one image per message; the model loads on the first (or on a warm-up message) and stays
parentPort?.on("message", async (message: NsfwThreadMessage) => {
  try {
    if ("warm" in message) {
      await warmNsfw();
      parentPort?.postMessage({ id: message.id, warm: true });
      return;
    }
    const scores = await nsfwScores(
      "pixels" in message
        ? { pixels: message.pixels }
        : Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length),
    );
    parentPort?.postMessage({ id: message.id, scores });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
