// `arena integrity`: voters the sequential outlier test flags, and banning one after review.

import { parseArgs } from "node:util";
import { audit } from "../admin/audit";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { isUuid } from "../db/literals";
import { banVisitor, flaggedVoters } from "../integrity/review";
import { flags, help, numberOption } from "./options";
import { UsageError } from "./usage";

export const INTEGRITY_HELP = `usage: arena integrity [--alpha A]
       arena integrity --ban VISITOR_ID [--reason TEXT]

Lists the voters FastChat's sequential outlier test flags (at least 5 counted votes; α = 0.05 by default), for
review. --ban bans one visitor: their votes leave the leaderboard at the next snapshot.`;

export async function integrityCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...flags("alpha", "ban"),
      reason: { type: "string", default: "flagged by the outlier test" },
      help,
    },
  });
  if (values.help) {
    process.stdout.write(`${INTEGRITY_HELP}\n`);
    return;
  }
  const alpha = numberOption(values.alpha, "alpha", undefined, { above: 0, below: 1 });
  if (values.ban !== undefined && !isUuid(values.ban)) throw new UsageError("--ban takes a visitor id (a UUID)");
  const database = await prepareDatabase();
  const db = createDb(database.url);
  try {
    if (values.ban) {
      const banned = await banVisitor(db, values.ban, values.reason);
      if (banned) await audit(db, "cli", "visitor.ban", values.ban, { reason: values.reason });
      process.stdout.write(banned ? `banned ${values.ban}\n` : `${values.ban}: already banned\n`);
      return;
    }
    const flagged = await flaggedVoters(db, { alpha });
    if (flagged.length === 0) process.stdout.write("no voter flagged\n");
    for (const f of flagged) {
      process.stdout.write(
        `${f.voter}  ${String(f.votes).padStart(5)} votes  evidence ${f.evidence.toExponential(2)}  ${f.tail} the crowd\n`,
      );
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
