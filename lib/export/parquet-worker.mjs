// Worker thread entry for the Parquet writer: TypeScript needs a loader in each worker, so this plain module
// registers tsx first (as lib/ratings/board-worker.mjs does); the compiled CLI has its own (dist/cli).
import { register } from "tsx/esm/api";

register();
await import("./parquet-worker-main.ts");
