import os from "node:os";
import { envNumber } from "../lib/config/env";

/** How many web processes `npm start` runs: ARENA_WEB_WORKERS, or one per core up to four. */
export function webWorkerCount(env: Record<string, string | undefined> = process.env): number {
  return Math.floor(envNumber(env.ARENA_WEB_WORKERS, Math.min(4, os.availableParallelism())));
}
