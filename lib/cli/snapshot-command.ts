// `arena snapshot`: recompute the live leaderboard snapshots from the database (DATABASE_URL, or the embedded
// server of this folder, shared with a running app).

import { parseArgs } from "node:util";
import { groundTruth } from "../benchmarks";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { recomputeSnapshots } from "../leaderboard/recompute";
import { help, intOption } from "./options";
import { progressBar } from "./progress";

export const SNAPSHOT_HELP = `usage: arena snapshot [--rounds N] [--include-demo]

Recomputes every leaderboard snapshot (each category, with and without style control) from the arena's votes, and
the composite board (the votes and the benchmarks' verdicts, weighted as the console or ARENA_COMPOSITE_WEIGHTS says).
  --rounds N        bootstrap rounds (default 100)
  --include-demo    count battles between demo models (left out by default)`;

export async function snapshotCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: "string" },
      "include-demo": { type: "boolean", default: false },
      help,
    },
  });
  if (values.help) {
    process.stdout.write(`${SNAPSHOT_HELP}\n`);
    return;
  }
  const rounds = intOption(values.rounds, "rounds", undefined);
  const database = await prepareDatabase();
  const db = createDb(database.url);
  const bar = progressBar("snapshots");
  try {
    const started = Date.now();
    const result = await recomputeSnapshots(db, {
      rounds,
      includeDemo: values["include-demo"],
      groundTruth,
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.done();
    const excluded = Object.entries(result.excluded)
      .filter(([, n]) => n > 0)
      .map(([why, n]) => `${n} ${why}`)
      .join(", ");
    process.stdout.write(
      `${result.snapshots.length} snapshots from ${result.votes} votes${excluded ? ` (left out: ${excluded})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    for (const f of result.failed)
      process.stderr.write(`board ${f.category}${f.styleControl ? " (style control)" : ""} failed: ${f.error}\n`);
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
