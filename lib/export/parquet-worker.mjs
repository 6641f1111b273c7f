// Worker thread entry for a ParquetThread: TypeScript needs a loader in each worker, so this plain module registers
// tsx first.
import { register } from "tsx/esm/api";

register();
await import("./parquet-worker-main.ts");
