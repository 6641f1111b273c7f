// The `arena` command. Every error ends as one line on stderr and a non-zero exit status.

import { kindOf } from "../errors";
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
  benchmark ...      the ground-truth benchmarks: import, run, report; re-score published outputs (arena benchmark --help
                     names them)
  evals ...          offline runs of registered models over prompt sets; prompt sets (arena evals --help)
  drift ...          the drift watch: canary slices, due canary runs, each model's checks (arena drift --help)
  backup --out DIR   the database and the images, consistent, with a manifest (arena backup --help)
  restore DIR        a backup into an empty database and store, verified (arena restore --help)

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
  drift: async () => (await import("./drift-command")).driftCommand,
  backup: async () => (await import("./backup-command")).backupCommand,
  restore: async () => (await import("./backup-command")).restoreCommand,
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
    const kind = kindOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (
      error instanceof Error &&
      "code" in error &&
      String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS")
    ) {
      process.stderr.write(`arena: error: ${message.split("\n")[0]}\n`);
      return 2;
    }
    // at the command line the operator is the person: an internal failure's message is for them too
    process.stderr.write(`arena: error: ${kind ? message : `unexpected failure: ${message}`}\n`);
    if (!kind && debugging()) console.error(error);
    return kind === "usage" ? 2 : 1;
  }
}
