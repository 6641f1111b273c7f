// Staff sessions are signed JWT cookies (the credentials provider needs them), which alone stay valid until they
// expire, even after sign-out. Each sign-in therefore opens a row in the Session table, named by a random id the
// token carries; every role check asks for that row, and sign-out deletes it: a copied cookie dies with it.
import crypto from "node:crypto";
import type { Db } from "../db";

/** Opens a session for this sign-in; returns its id, to be kept in the token. */
export async function openStaffSession(db: Db, userId: string, maxAgeSeconds: number): Promise<string> {
  const sid = crypto.randomBytes(24).toString("base64url");
  await db.prisma.session.create({
    data: { sessionToken: sid, userId, expires: new Date(Date.now() + maxAgeSeconds * 1000) },
  });
  // sessions that ended on their own are cleared as new ones open
  await db.prisma.session.deleteMany({ where: { userId, expires: { lt: new Date() } } });
  return sid;
}

export async function closeStaffSession(db: Db, sid: string): Promise<void> {
  await db.prisma.session.deleteMany({ where: { sessionToken: sid } });
}

/** Whether the token's session is still open for this account. */
export async function staffSessionOpen(db: Db, userId: string, sid: unknown): Promise<boolean> {
  if (typeof sid !== "string" || sid.length > 100) return false;
  const row = await db.prisma.session.findUnique({
    where: { sessionToken: sid },
    select: { userId: true, expires: true },
  });
  return row !== null && row.userId === userId && row.expires > new Date();
}
