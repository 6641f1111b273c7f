// node --import tsx scripts/profile-recompute.ts DATA_DIR [VOTES] [--runs N] [--load-only] [--no-reuse] [--no-cache]: the leaderboard
// recompute on a database kept between runs (seeded with VOTES synthetic votes on first use, as bench:leaderboard
// seeds them), so the recompute alone can be timed or profiled (`node --cpu-prof …`) without re-seeding each time.
// Prints the split of each run as JSON. The runs share the votes kept between them, as the jobs process does
// (--no-cache: every run reads every vote).
import { createDb } from "../lib/db/context";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { applyMigrations } from "../lib/db/migrate";
import { sql } from "../lib/db/sql";
import { loadLiveBattles } from "../lib/leaderboard/battles";
import { LiveBattleCache } from "../lib/leaderboard/live-cache";
import { recomputeSnapshots } from "../lib/leaderboard/recompute";
import { seedBenchVotes } from "./bench-seed";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const [dataDir, votesArg] = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--runs"));
if (!dataDir) {
  console.error("usage: profile-recompute.ts DATA_DIR [VOTES] [--runs N] [--load-only] [--no-reuse]");
  process.exit(2);
}
const server = await startEmbeddedPostgres({ dataDir });
await applyMigrations(server.url);
const db = createDb(server.url);
const { rows } = await db.pool.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM "Vote"`);
const have = rows[0]?.n ?? 0;
const votes = Number(votesArg ?? 1_000_000);
// seeded on first use; a seed that was stopped part way (whole chunks are kept) goes on where it stopped
if (have === 0 || (votesArg && have < votes)) {
  // a bench database only: checkpoints wait until the seed is in (each would write every index page the random
  // uuid keys touched since the last), and the indexes stay in PostgreSQL's buffers (from its next start)
  await db.pool.query(sql`ALTER SYSTEM SET max_wal_size = '64GB'`);
  await db.pool.query(sql`ALTER SYSTEM SET checkpoint_timeout = '1h'`);
  await db.pool.query(sql`ALTER SYSTEM SET shared_buffers = '4GB'`);
  await db.pool.query(sql`SELECT pg_reload_conf()`);
  const started = performance.now();
  await seedBenchVotes(db, votes, {
    from: have,
    onProgress: (d, t) => process.stderr.write(`\rseeding ${d}/${t}`),
  });
  process.stderr.write(`\nseeded ${votes} votes in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
const runs = Number(option("--runs") ?? 1);
const liveCache = flag("--no-cache") ? undefined : new LiveBattleCache();
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  if (flag("--load-only")) {
    const live = await loadLiveBattles(db);
    console.log(JSON.stringify({ load: (performance.now() - started) / 1000, rows: live.table.size }));
    continue;
  }
  const result = await recomputeSnapshots(db, { reuse: !flag("--no-reuse"), liveCache });
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      wall: Number(((performance.now() - started) / 1000).toFixed(2)),
      cpu: Number(((used.user + used.system) / 1e6).toFixed(2)),
      rssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      split: Object.fromEntries(Object.entries(result.split).map(([k, v]) => [k, Number(v.toFixed(2))])),
      boards: result.snapshots.length,
      reused: result.reused.length,
      read: result.read,
    }),
  );
}
await db.pool.end();
await server.stop();
