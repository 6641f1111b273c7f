// Worker thread entry for the NSFW classifier: TypeScript needs a loader in each worker, so this plain module
// registers tsx first (as lib/ratings/board-worker.mjs does).
import { register } from "tsx/esm/api";

register();
await import("./nsfw-worker-main.ts");
