// `arena leaderboard FILE ...`: ratings from a battle file, as FastChat's elo_analysis would give them.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { readBattles } from "../datasets";
import { type CiMethod, categoryNames, computeLeaderboard, type Leaderboard, selectRows } from "../ratings";
import { boardEvidence, type Evidence } from "../ratings/evidence";
import { compositeCommand } from "./composite-command";
import { evidenceText, leaderboardCsv, leaderboardJson, leaderboardTable } from "./format";
import { flags, intOption, switches } from "./options";
import { progressBar } from "./progress";
import { parseStyleFeatures } from "./style-features";
import { UsageError } from "./usage";

export const LEADERBOARD_HELP = `usage: arena leaderboard FILE [options]

Reads battles (FastChat clean-battle .json, .jsonl, .csv, optionally .gz, or .parquet) and prints ratings.

  --style-control          control for answer length and markdown (tokens, headers, lists, bold)
  --style-features LIST    with style control: which of length,markdown,specificity (default length,markdown,
                           FastChat's four features); specificity is the named entities of each answer
                           (VisionArena §4.4; conv_metadata entity_count_a/b)
  --bootstrap N            bootstrap rounds for the intervals (default 100)
  --seed S                 random seed of the bootstrap (default 0)
  --ci bootstrap|sandwich  interval method (default bootstrap, FastChat's; the live boards use sandwich)
  --reweighted             weigh each pair 1 / max(its battles, 50), as arena-rank and LMArena's boards do
  --min-votes N            rank only models with N votes; the others are listed unranked after the ranked ones,
                           with no interval or tier, marked preliminary (default 0, FastChat)
  --fragility              the votes whose removal would swap each ranked model with the next ranked one of its
                           group (a column of the table, fields of the json and csv)
  --evidence               the board's audit probes, each with its bar: position bias, tie convention (Davidson),
                           intransitive cycles, voter concentration, first vote of a session, model families
                           (a panel under the table; \`evidence\` in the json)
  --anchor MODEL=RATING    shift the scale so that MODEL has RATING
  --category NAME          one category (default overall)
  --categories all         every category found in the data
  --all-battles            include non-anonymous battles (by default only anony=true when the field exists)
  --format table|json|csv  output format (default table)
  --out PATH               write the output to PATH instead of stdout
  --matrices               add battle-count, win-fraction and predicted win-rate matrices (json)
  --strict                 fail on the first malformed battle instead of skipping it
  --workers N              threads fitting bootstrap rounds, this one included (default: one per core for large
                           jobs; 0 or 1 = this thread alone)
  --timings                print where the time went (start-up, reading, each board's fit and intervals, output)
                           to stderr as JSON

A composite board (arena-rank's CompositeBradleyTerry: one rating per model from several kinds of evidence, each
component's likelihood normalised by its size, sandwich intervals summing the components'):
  --component FILE:WEIGHT  another set of pairwise outcomes in a battle layout read above (e.g. a benchmark's, from
                           arena benchmark), with its weight; repeat for more
  --human-weight W         the weight of FILE's battles (default 1)`;

export async function leaderboardCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "style-control": { type: "boolean", default: false },
      ...flags("style-features", "bootstrap", "seed", "ci", "anchor", "category", "categories"),
      "all-battles": { type: "boolean", default: false },
      format: { type: "string", default: "table" },
      out: { type: "string" },
      ...switches("matrices", "strict", "reweighted", "fragility", "timings", "evidence"),
      "min-votes": { type: "string" },
      component: { type: "string", multiple: true },
      "human-weight": { type: "string" },
      workers: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    out.write(`${LEADERBOARD_HELP}\n`);
    return;
  }
  const file = positionals[0];
  const styleFeatures = parseStyleFeatures(values["style-features"]);
  if (!file) throw new UsageError("arena leaderboard needs a battle file");
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const format = values.format;
  if (format !== "table" && format !== "json" && format !== "csv") {
    throw new UsageError(`--format must be table, json or csv, not '${format}'`);
  }
  const ci = (values.ci ?? "bootstrap") as CiMethod;
  if (ci !== "bootstrap" && ci !== "sandwich")
    throw new UsageError(`--ci must be bootstrap or sandwich, not '${values.ci}'`);
  if (values.evidence && format === "csv") throw new UsageError("--evidence goes with --format table or json");
  if (values.category && values.categories) throw new UsageError("use either --category or --categories, not both");
  if (values.categories && values.categories !== "all") throw new UsageError("--categories takes the value 'all'");
  let anchor: { model: string; rating: number } | undefined;
  if (values.anchor) {
    const at = values.anchor.lastIndexOf("=");
    const rating = Number(values.anchor.slice(at + 1));
    if (at <= 0 || !Number.isFinite(rating))
      throw new UsageError("--anchor takes MODEL=RATING, e.g. --anchor gpt-4o=1200");
    anchor = { model: values.anchor.slice(0, at), rating };
  }
  if (values.component?.length) {
    await compositeCommand(file, values, format, out);
    return;
  }
  if (values["human-weight"] !== undefined) throw new UsageError("--human-weight goes with --component");
  const rounds = intOption(values.bootstrap, "bootstrap", 100);
  const seed = intOption(values.seed, "seed", 0);
  const workers = values.workers === undefined ? undefined : intOption(values.workers, "workers", 0);
  const minVotes = intOption(values["min-votes"], "min-votes", 0);

  // start-up: from the process's start to here (Node, the command's modules, the arguments)
  const timings: Record<string, number> = { startupMs: Math.round(performance.now()) };
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const reading = progressBar("reading  ");
  const read = await readBattles(file, {
    strict: values.strict,
    parallel: true,
    onProgress: (d, t) => reading.update(d, t),
  });
  reading.done();
  if (read.skipped > 0) {
    const first = read.skippedExamples[0];
    process.stderr.write(
      `arena: skipped ${read.skipped} malformed battle${read.skipped === 1 ? "" : "s"} (first at ${read.format === "json" ? "element" : read.format === "parquet" ? "row" : "line"} ${first?.position}: ${first?.reason}); --strict fails on them\n`,
    );
  }
  lap("readingMs");
  const table = read.table;
  const categories = values.categories === "all" ? categoryNames(table) : [values.category ?? "overall"];
  const boards: { category: string; board: Leaderboard; evidence?: Evidence }[] = [];
  for (const category of categories) {
    const rows = selectRows(table, category, { anonymousOnly: !values["all-battles"] });
    if (rows.length === 0) {
      if (categories.length > 1) continue;
      throw new UsageError(
        `no battles left after filtering (category ${category}${values["all-battles"] ? "" : ", anonymous battles only; --all-battles uses all"})`,
      );
    }
    const bar = progressBar(`bootstrap ${category}`.slice(0, 28).padEnd(28));
    const board = await computeLeaderboard(table, rows, {
      styleControl: values["style-control"] || styleFeatures !== undefined,
      styleFeatures,
      bootstrapRounds: rounds,
      seed,
      ci: ci === "bootstrap" && rounds === 0 ? "none" : ci,
      anchor,
      workers,
      matrices: values.matrices,
      reweighted: values.reweighted,
      listing: { minVotes },
      fragility: values.fragility,
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.done();
    const evidence = values.evidence ? await boardEvidence(table, rows, board.models) : undefined;
    lap(`board:${category}Ms`);
    boards.push({ category, board, evidence });
  }

  let text: string;
  if (format === "json") {
    const extra = (category: string, evidence?: Evidence) => ({
      category,
      skipped: read.skipped,
      ...(evidence ? { evidence } : {}),
    });
    const json =
      boards.length === 1 && !values.categories
        ? leaderboardJson(boards[0]!.board, extra(boards[0]!.category, boards[0]!.evidence))
        : {
            categories: boards.map(({ category, board, evidence }) =>
              leaderboardJson(board, extra(category, evidence)),
            ),
          };
    text = `${JSON.stringify(json, null, 2)}\n`;
  } else if (format === "csv") {
    text = leaderboardCsv(boards);
  } else {
    text = `${boards
      .map(({ category, board, evidence }) => {
        const ciText = board.ci === "bootstrap" ? `${board.bootstrapRounds}-round bootstrap` : board.ci;
        const title = `${category}${board.styleControl ? " (style control)" : ""}: ${board.battles} battles, ${board.models.length} models, ${ciText}`;
        return leaderboardTable(board, title) + (evidence ? `\n\n${evidenceText(evidence)}` : "");
      })
      .join("\n\n")}\n`;
    for (const { category, board } of boards) {
      for (const warning of board.warnings) process.stderr.write(`arena: warning (${category}): ${warning}\n`);
    }
  }
  if (values.out) fs.writeFileSync(values.out, text);
  else out.write(text);
  lap("outputMs");
  if (values.timings) {
    timings.totalMs = Math.round(performance.now());
    process.stderr.write(`${JSON.stringify({ timings, battles: read.table.size })}\n`);
  }
}
