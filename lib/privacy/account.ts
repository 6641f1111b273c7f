// A signed-in person's account in their own hands (issue 69): what the account holds (name, e-mail, role, the sign-in
// providers linked, the API tokens' names and dates, never a secret or a hash), and its deletion. Signing in does
// not tie battles to the account (the arena's battles belong to the browser's visitor cookie), so the account's
// data is the account itself; the battles of the browser come with it from the visitor's side (./delete.ts).
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { inTransaction } from "../db/pool";
import { sql } from "../db/sql";
import { Conflict } from "../errors";

export const ACCOUNT_DELETED_ACTION = "account.data_deleted";

export interface AccountData {
  id: string;
  name: string | null;
  email: string | null;
  role: string;
  createdAt: string;
  /** the sign-in providers linked (github, an organisation's single sign-on); none for a password account */
  signIns: string[];
  apiTokens: { name: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function accountData(db: Db, userId: string): Promise<AccountData | null> {
  const user = await db.prisma.user.findUnique({
    where: { id: userId },
    include: { accounts: { select: { provider: true } }, apiTokens: { orderBy: { createdAt: "asc" } } },
  });
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    signIns: user.accounts.map((a) => a.provider).sort(),
    apiTokens: user.apiTokens.map((t) => ({
      name: t.name,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: iso(t.lastUsedAt),
      revokedAt: iso(t.revokedAt),
    })),
  };
}

/**
 * Deletes the account: its sign-in links, sessions (it is signed out everywhere) and API tokens go with it. An
 * admin's account is refused: another admin removes it from the console, so the console never loses its last
 * admin to one click. The audit entry says an account was deleted, not whose. Returns whether one was.
 */
export async function deleteAccount(db: Db, userId: string): Promise<boolean> {
  return inTransaction(db.pool, async (client) => {
    await client.query(sql`BEGIN`);
    const { rows } = await client.query<{ role: string }>(
      sql`SELECT role::text FROM "User" WHERE id = ${userId} FOR UPDATE`,
    );
    const role = rows[0]?.role;
    if (!role) {
      await client.query(sql`ROLLBACK`);
      return false;
    }
    if (role === "admin")
      // (inTransaction rolls back)
      throw new Conflict(
        "admin_account",
        "an admin's account is removed by another admin (Admin › People), so the console always keeps one",
      );
    await client.query(sql`UPDATE "Conversation" SET "userId" = NULL WHERE "userId" = ${userId}`);
    await client.query(sql`DELETE FROM "User" WHERE id = ${userId}`);
    await client.query(
      sql`INSERT INTO "AuditEntry" (id, actor, action, details)
          VALUES (${crypto.randomUUID()}::uuid, 'account', ${ACCOUNT_DELETED_ACTION}, ${JSON.stringify({ role })}::jsonb)`,
    );
    await client.query(sql`COMMIT`);
    return true;
  });
}
