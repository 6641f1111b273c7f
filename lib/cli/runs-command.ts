// `arena runs`: list recompute runs, publish one as the public leaderboard, withdraw it, or compare two.

import { parseArgs } from "node:util";
import { audit } from "../admin/audit";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { compareRuns, listRuns, publishRun, unpublishAll } from "../leaderboard/runs";
import { flags, help, intOption } from "./options";
import { UsageError } from "./usage";

export const RUNS_HELP = `usage: arena runs [list] [--limit N]
       arena runs publish RUN|latest
       arena runs unpublish
       arena runs compare RUN RUN [--category NAME] [--style]

Every \`arena snapshot\` (and every recompute of the worker) is a run: all categories, with and without style
control. Pages and the API serve the published run when there is one, else the newest snapshots.`;

const pad = (value: string | number, width: number) => String(value).padStart(width);

export async function runsCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...flags("limit", "category"),
      style: { type: "boolean", default: false },
      help,
    },
  });
  if (values.help) {
    process.stdout.write(`${RUNS_HELP}\n`);
    return;
  }
  const [action = "list", ...args] = positionals;
  if (!["list", "publish", "unpublish", "compare"].includes(action)) {
    throw new UsageError(`unknown action '${action}' (try: arena runs --help)`);
  }
  if (action === "publish" && args.length !== 1) throw new UsageError("arena runs publish needs one RUN (or latest)");
  if (action === "compare" && args.length !== 2) throw new UsageError("arena runs compare needs two RUNs");
  const database = await prepareDatabase();
  const db = createDb(database.url);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (action === "list") {
      const runs = await listRuns(db, intOption(values.limit, "limit", 20, 1));
      if (runs.length === 0) out("no runs yet: `arena snapshot` computes one");
      for (const run of runs) {
        out(
          `${run.runId}  ${run.createdAt.toISOString()}  ${pad(run.votes, 8)} votes  ${pad(run.snapshots, 3)} boards${run.published ? "  published" : ""}`,
        );
      }
    } else if (action === "publish") {
      const published = await publishRun(db, args[0] as string);
      await audit(db, "cli", "leaderboard.publish", published);
      out(`published run ${published}`);
    } else if (action === "unpublish") {
      const withdrawn = await unpublishAll(db);
      await audit(db, "cli", "leaderboard.unpublish");
      out(`${withdrawn} snapshots withdrawn; the newest computed ones are served`);
    } else {
      const comparison = await compareRuns(db, args[0] as string, args[1] as string, {
        category: values.category,
        styleControl: values.style,
      });
      out(`${comparison.category}${comparison.styleControl ? " (style control)" : ""}: ${comparison.runs.join(" → ")}`);
      out(`${"model".padEnd(28)} ${pad("rank", 9)} ${pad("rating", 15)} ${pad("Δ", 6)}`);
      const show = (v: number | null) => (v === null ? "–" : String(Math.round(v)));
      for (const m of comparison.models) {
        const delta =
          m.rating[0] === null || m.rating[1] === null
            ? ""
            : (m.rating[1] - m.rating[0]).toFixed(1).replace(/^(?!-)/, "+");
        out(
          `${m.displayName.slice(0, 28).padEnd(28)} ${pad(`${show(m.rank[0])}→${show(m.rank[1])}`, 9)} ${pad(`${show(m.rating[0])}→${show(m.rating[1])}`, 15)} ${pad(delta, 6)}`,
        );
      }
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
