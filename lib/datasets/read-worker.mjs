// Worker thread entry: TypeScript needs a loader in each worker, so this plain module registers tsx first.
import { register } from "tsx/esm/api";

register();
await import("./read-worker-main.ts");
