// The background worker started beside the web server by `npm run dev` / `npm start`: recomputes leaderboard
// snapshots after new votes (ARENA_SNAPSHOT_INTERVAL_S, default 60; ARENA_JOBS=0 turns it off).
import { closeDb, createDb } from "../lib/db/context";
import { runSnapshotLoop } from "../lib/leaderboard/scheduler";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("error: DATABASE_URL is not set");
  process.exit(1);
}
const db = createDb(url);
const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => controller.abort());
// stop with the launcher even when it was killed without the chance to stop us
const parent = process.ppid;
setInterval(() => process.ppid !== parent && controller.abort(), 2000).unref();
await runSnapshotLoop(db, {
  intervalMs: Number(process.env.ARENA_SNAPSHOT_INTERVAL_S ?? 60) * 1000,
  signal: controller.signal,
  includeDemo: process.env.ARENA_LEADERBOARD_INCLUDE_DEMO === "1",
  log: (line) => console.log(`[jobs] ${line}`),
});
await closeDb(db);
