// One TensorFlow.js per process, on the WebAssembly backend: its .wasm files ship inside
// @tensorflow/tfjs-backend-wasm, so nothing is downloaded (tfjs-node would fetch a C library at install). Measured
// here: the NSFW model classifies a 224×224 image in ~60 ms on WebAssembly against ~1,060 ms on the pure-JS CPU
// backend. The models (nsfwjs's MobileNetV2, Human's BlazeFace) are files inside their npm packages too.
import fs from "node:fs";
import { packageEntryDir } from "../process/runtime-require";

let ready: Promise<typeof import("@tensorflow/tfjs")> | undefined;

/** Human's WebAssembly build fetches its model files by URL: file:// URLs are read from disk (Node's fetch cannot). */
function serveFileUrls() {
  const real = globalThis.fetch;
  if ((real as { servesFiles?: boolean }).servesFiles) return;
  const wrapped = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (href.startsWith("file://")) return new Response(await fs.promises.readFile(new URL(href)));
    return real(input, init);
  };
  globalThis.fetch = Object.assign(wrapped, { servesFiles: true }) as typeof fetch;
}

export function tensorflow(): Promise<typeof import("@tensorflow/tfjs")> {
  ready ??= (async () => {
    const tf = await import("@tensorflow/tfjs");
    const wasm = await import("@tensorflow/tfjs-backend-wasm");
    wasm.setWasmPaths(`${packageEntryDir("@tensorflow/tfjs-backend-wasm")}/`);
    serveFileUrls();
    await tf.setBackend("wasm");
    await tf.ready();
    return tf;
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
