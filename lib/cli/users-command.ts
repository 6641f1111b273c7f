// `arena users`: accounts from the command line (what /admin/users does), and password hashes for
// ARENA_ADMIN_PASSWORD_HASH, so the first admin's password need not sit in the environment in clear.

import { parseArgs } from "node:util";
import { audit } from "../admin/audit";
import { checkNewPassword, hashPassword } from "../auth/passwords";
import { inviteUser, listUsers, ROLES, type Role, setRole } from "../auth/users";
import { config, configuredOrigin } from "../config";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { UsageError } from "./usage";

export const USERS_HELP = `usage: arena users list
       arena users invite EMAIL --role researcher|admin [--url https://arena.example.org]
       arena users role EMAIL user|researcher|admin
       arena users hash-password        (reads the password from stdin)

invite prints a one-time link (valid 7 days) where the person sets a password; an existing account gets the role
at once. hash-password prints a value for ARENA_ADMIN_PASSWORD_HASH.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

export async function usersCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: "string" }, url: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const out = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  if (values.help) return out(USERS_HELP);
  const [action = "list", ...args] = positionals;
  if (action === "hash-password") {
    const password = await readStdin();
    const problem = checkNewPassword(password);
    if (problem) throw new UsageError(`password: ${problem}`);
    return out(await hashPassword(password));
  }
  if (!["list", "invite", "role"].includes(action)) throw new UsageError(`unknown action '${action}'`);
  if (action === "invite" && (args.length !== 1 || (values.role !== "researcher" && values.role !== "admin"))) {
    throw new UsageError("arena users invite needs one EMAIL and --role researcher|admin");
  }
  if (action === "role" && (args.length !== 2 || !ROLES.includes(args[1] as Role))) {
    throw new UsageError(`arena users role needs EMAIL and one of ${ROLES.join(", ")}`);
  }
  const database = await prepareDatabase();
  const db = createDb(database.url);
  try {
    if (action === "invite") {
      const invite = await inviteUser(db, { email: args[0] as string, role: values.role as Role });
      await audit(db, "cli", "user.invite", invite.user.email, { role: values.role });
      const base = values.url ?? configuredOrigin(config()) ?? "http://localhost:3000";
      out(`${invite.user.email} is now ${invite.user.role}; one-time link until ${invite.expires.toISOString()}:`);
      out(new URL(`/invite/${invite.token}`, base).toString());
    } else if (action === "role") {
      const user = await db.prisma.user.findUnique({ where: { email: (args[0] as string).toLowerCase() } });
      if (!user) throw new UsageError(`no account '${args[0]}'`);
      // the command line acts as nobody in particular: the last-admin rule still holds
      const updated = await setRole(db, user.id, args[1] as Role, "cli");
      await audit(db, "cli", "user.role", updated.email, { role: updated.role });
      out(`${updated.email} is now ${updated.role}`);
    } else {
      const users = await listUsers(db);
      if (users.length === 0) out("no accounts (set ARENA_ADMIN_EMAIL and ARENA_ADMIN_PASSWORD for the first admin)");
      for (const u of users) out(`${u.email ?? u.id}  ${u.role}  ${u.signIn.length ? u.signIn.join(",") : "invited"}`);
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
