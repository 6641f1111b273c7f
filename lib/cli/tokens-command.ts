// `arena tokens`: researcher API tokens for GET /api/export from the command line (researchers also make their own
// on /research; admins revoke any on /admin/tokens).

import { parseArgs } from "node:util";
import { audit } from "../admin/audit";
import { createApiToken, ensureResearcher, listApiTokens, revokeApiToken } from "../auth/api-tokens";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { UsageError } from "./usage";

export const TOKENS_HELP = `usage: arena tokens create --email EMAIL --name NAME
       arena tokens list
       arena tokens revoke ID

Researcher API tokens for GET /api/export (Authorization: Bearer va_…). A token is printed once, at creation;
only its hash is stored. create makes EMAIL a researcher if it is not one yet.`;

export async function tokensCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    process.stdout.write(`${TOKENS_HELP}\n`);
    return;
  }
  const [action = "list", ...args] = positionals;
  if (action === "create" && (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email) || !values.name)) {
    throw new UsageError("arena tokens create needs --email EMAIL and --name NAME");
  }
  if (action === "revoke" && args.length !== 1) throw new UsageError("arena tokens revoke needs one ID");
  if (!["create", "list", "revoke"].includes(action)) throw new UsageError(`unknown action '${action}'`);
  const database = await prepareDatabase();
  const db = createDb(database.url);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (action === "create") {
      const user = await ensureResearcher(db, values.email as string);
      const { id, token } = await createApiToken(db, user.id, values.name as string);
      await audit(db, "cli", "token.create", id, { email: user.email, name: values.name });
      out(`token ${id} for ${user.email} (shown once, keep it secret):`);
      out(token);
    } else if (action === "revoke") {
      const revoked = await revokeApiToken(db, args[0] as string);
      if (revoked) await audit(db, "cli", "token.revoke", args[0]);
      out(revoked ? `revoked ${args[0]}` : `${args[0]}: no such active token`);
    } else {
      const tokens = await listApiTokens(db);
      if (tokens.length === 0) out("no tokens");
      for (const t of tokens) {
        const state = t.revokedAt ? "revoked" : t.lastUsedAt ? `last used ${t.lastUsedAt.toISOString()}` : "never used";
        out(`${t.id}  ${t.user.email ?? "?"}  ${t.name}  ${state}`);
      }
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
