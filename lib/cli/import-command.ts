// `arena import FILE --name NAME`: an external battle file as a named source, compared with the live leaderboard.

import { parseArgs } from "node:util";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { compareWithLive, importSource } from "../leaderboard/import";
import { flags, help, intOption } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";

export const IMPORT_HELP = `usage: arena import FILE --name NAME [--rounds N] [--seed N]

Reads a battle file (any format \`arena leaderboard\` reads), stores its overall leaderboards (with and without style
control) as the source NAME, apart from the live votes, and compares them with the live leaderboard: Spearman and
Kendall tau of the ratings, agreement with confidence, separability and the pair-rank Brier score (VisionArena
Table 4, with arena-hard-auto's definitions).`;

const show = (v: number) => (Number.isNaN(v) ? "–" : v.toFixed(3));

export async function importCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...flags("name", "rounds", "seed"),
      help,
    },
  });
  if (values.help) {
    process.stdout.write(`${IMPORT_HELP}\n`);
    return;
  }
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError("arena import needs one FILE (try: arena import --help)");
  if (!values.name) throw new UsageError("--name NAME is required");
  const database = await prepareDatabase();
  const db = createDb(database.url);
  const bar = progressBar("reading");
  try {
    const imported = await importSource(db, {
      file,
      name: values.name,
      rounds: intOption(values.rounds, "rounds", undefined),
      seed: intOption(values.seed, "seed", undefined),
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.done();
    process.stdout.write(`imported ${imported.battles} battles as '${values.name}'\n`);
    for (const style of [false, true]) {
      const agreement = await compareWithLive(db, values.name, style).catch((error: Error) => error);
      if (agreement instanceof Error) {
        process.stdout.write(`${style ? "style control" : "plain"}: ${agreement.message}\n`);
        continue;
      }
      process.stdout.write(
        `${style ? "style control" : "plain"}: ${agreement.models.length} shared models, Spearman ${show(agreement.spearman)}, Kendall tau ${show(agreement.kendallTau)}, agreement with confidence ${show(agreement.agreementWithConfidence)} over ${agreement.confidentPairs} separated pairs, separability ${show(agreement.separability.first)} live / ${show(agreement.separability.second)} imported, pair-rank Brier ${show(agreement.brier)}, same interval verdict ${show(agreement.intervalVerdictAgreement)} over ${agreement.pairs} pairs\n`,
      );
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
