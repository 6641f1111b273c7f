// Human (@vladmandic/human) on the process's one TensorFlow.js, through its WebAssembly build, with every model read
// from the package's own folder: the face detector for blurring (./faces.ts) and CenterNet for the demo models
// (../demo-vision/objects.ts). Its node build wants tfjs-node, which downloads a C library at install, so the
// WebAssembly build is loaded by its file path (the package's exports map offers it only under custom conditions).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { packageEntryDir, runtimeRequire } from "../process/runtime-require";
import { tensorflow } from "./tensorflow";

export interface HumanInstance<Result> {
  load(): Promise<void>;
  detect(input: unknown): Promise<Result>;
  tf: { tensor4d(data: Uint8Array, shape: number[], dtype: string): { dispose(): void } };
}

const OFF = { enabled: false };

/** A Human with only the given modules on (e.g. `{ face: {...} }`), its models loaded. */
export async function createHuman<Result>(modules: Record<string, unknown>): Promise<HumanInstance<Result>> {
  await tensorflow();
  const packageDir = path.dirname(packageEntryDir("@vladmandic/human"));
  const { Human } = runtimeRequire(path.join(packageDir, "dist", "human.node-wasm.js")) as {
    Human: new (config: unknown) => HumanInstance<Result>;
  };
  const instance = new Human({
    backend: "wasm",
    wasmPath: `${packageEntryDir("@tensorflow/tfjs-backend-wasm")}/`,
    modelBasePath: `${pathToFileURL(path.join(packageDir, "models")).href}/`,
    debug: false,
    async: true,
    // Human is made for video: by default it reuses a previous frame's result for a similar next picture
    cacheSensitivity: 0,
    face: OFF,
    body: OFF,
    hand: OFF,
    object: OFF,
    gesture: OFF,
    segmentation: OFF,
    filter: OFF,
    ...modules,
  });
  await instance.load();
  return instance;
}

/** One instance per purpose, made on first use; a failed start is tried again next time. */
export function lazyHuman<Result>(modules: Record<string, unknown>): () => Promise<HumanInstance<Result>> {
  let human: Promise<HumanInstance<Result>> | undefined;
  return () => {
    human ??= createHuman<Result>(modules);
    human.catch(() => {
      human = undefined;
    });
    return human;
  };
}
