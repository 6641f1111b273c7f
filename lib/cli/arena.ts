// The `arena` command. Every error ends as one line on stderr and a non-zero exit status.

import { DatasetError } from "../datasets";
import { DatabaseUnreachableError } from "../db/connection";
import { MigrationError } from "../db/migrate";
import { Refusal } from "../errors";
import { NoBattlesError, UnknownCategoryError } from "../ratings";
import { LEADERBOARD_HELP, leaderboardCommand } from "./leaderboard-command";
import { UsageError } from "./usage";

const HELP = `usage: arena <command> [options]

commands:
  leaderboard FILE   Bradley–Terry ratings with intervals from a battle file (arena leaderboard --help)
  snapshot           recompute the site's leaderboard snapshots from the database (arena snapshot --help)
  runs               list recompute runs, publish one, compare two (arena runs --help)
  export             a research dataset: battles, chats, images, datasheet (arena export --help)
  tokens             researcher API tokens for GET /api/export (arena tokens --help)
  integrity          voters flagged by the outlier test; ban one (arena integrity --help)
  users              staff accounts: list, invite, change a role, hash a password (arena users --help)
  import FILE        an external battle file as a named source, compared with the live board (arena import --help)
  bench ...          VisionArena-Bench: curate, judge, status, score (also arena-hard-auto's files), export (arena bench --help)
  benchmark ...      MathVista, EMMA, IsoBench: import, run, report; re-score published outputs (arena benchmark --help)
  evals ...          offline runs of registered models over prompt sets; prompt sets (arena evals --help)

${LEADERBOARD_HELP}

arena snapshot --help lists the snapshot options.`;

/**
 * The commands that work on the site's database, loaded only when called: the database layer installs exit hooks
 * that the file commands do not want.
 */
const DATABASE_COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<void>>> = {
  snapshot: async () => (await import("./snapshot-command")).snapshotCommand,
  runs: async () => (await import("./runs-command")).runsCommand,
  export: async () => (await import("./export-command")).exportCommand,
  import: async () => (await import("./import-command")).importCommand,
  tokens: async () => (await import("./tokens-command")).tokensCommand,
  integrity: async () => (await import("./integrity-command")).integrityCommand,
  users: async () => (await import("./users-command")).usersCommand,
  evals: async () => (await import("./evals-command")).evalsCommand,
};

/** ARENA_DEBUG, read leniently: a bad configuration is what the error may be about. */
const debugging = () => /^(1|true|on)$/.test(process.env.ARENA_DEBUG ?? "");

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === "--help" || command === "-h" || command === "help") {
      process.stdout.write(`${HELP}\n`);
      return command ? 0 : 2;
    }
    if (command === "leaderboard") {
      await leaderboardCommand(rest);
      return 0;
    }
    if (command === "benchmark") {
      await (await import("./benchmark-command")).benchmarkCommand(rest);
      return 0;
    }
    if (command === "bench") {
      await (await import("./bench-command")).benchCommand(rest);
      return 0;
    }
    const load = Object.hasOwn(DATABASE_COMMANDS, command) ? DATABASE_COMMANDS[command] : undefined;
    if (load) {
      await (await load())(rest);
      return 0;
    }
    throw new UsageError(`unknown command '${command}' (try: arena --help)`);
  } catch (error) {
    const usage = error instanceof UsageError || error instanceof UnknownCategoryError;
    const known =
      usage ||
      error instanceof DatasetError ||
      error instanceof NoBattlesError ||
      error instanceof DatabaseUnreachableError ||
      error instanceof MigrationError ||
      (error instanceof Error &&
        [
          "RunNotFoundError",
          "ImportError",
          "JudgmentFileError",
          "JsonLinesError",
          "BenchScoreError",
          "PromptSetError",
          "EvalRunError",
          "JudgingError",
          "CurationError",
          "BenchSelectionError",
          "BenchmarkDataError",
          "ConfigError",
        ].includes(error.name)) ||
      error instanceof Refusal; // a refused request
    const message = error instanceof Error ? error.message : String(error);
    if (
      error instanceof Error &&
      "code" in error &&
      String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS")
    ) {
      process.stderr.write(`arena: error: ${message.split("\n")[0]}\n`);
      return 2;
    }
    process.stderr.write(`arena: error: ${known ? message : `unexpected failure: ${message}`}\n`);
    if (!known && debugging()) console.error(error);
    return usage ? 2 : 1;
  }
}
