import { parentPort } from "node:worker_threads";
import { nsfwScores, warmNsfw } from "./nsfw";

// one image per message; the model loads on the first (or on a warm-up message) and stays
// (the image's encoded bytes, or the 224×224 pixels its upload's normalisation made: then nothing is decoded here)
parentPort?.on("message", async (message: { id: number; bytes?: Uint8Array; pixels?: Uint8Array; warm?: true }) => {
  try {
    if (message.warm || !(message.bytes || message.pixels)) {
      await warmNsfw();
      parentPort?.postMessage({ id: message.id, warm: true });
      return;
    }
    const scores = await nsfwScores(
      message.pixels
        ? { pixels: message.pixels }
        : Buffer.from(message.bytes!.buffer, message.bytes!.byteOffset, message.bytes!.length),
    );
    parentPort?.postMessage({ id: message.id, scores });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
