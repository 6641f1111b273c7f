import os from "node:os";
import { type Config, config } from "../lib/config";

/** How many web processes `npm start` runs: ARENA_WEB_WORKERS, or one per core up to four. */
export function webWorkerCount(c: Config = config()): number {
  return c.ARENA_WEB_WORKERS ?? Math.min(4, os.availableParallelism());
}
