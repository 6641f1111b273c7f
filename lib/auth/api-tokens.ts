// Researcher API tokens: shown once when created, stored only as a SHA-256 hash, revocable. A token works while
// its user is a researcher or an admin.
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { Forbidden, Unauthenticated } from "../errors";

const PREFIX = "va_";
const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The researcher with this e-mail, created (or promoted from a plain user) when needed. */
export async function ensureResearcher(db: Db, email: string) {
  const existing = await db.prisma.user.findUnique({ where: { email } });
  if (existing && existing.role !== "user") return existing;
  return existing
    ? db.prisma.user.update({ where: { id: existing.id }, data: { role: "researcher" } })
    : db.prisma.user.create({ data: { email, role: "researcher" } });
}

export async function createApiToken(db: Db, userId: string, name: string) {
  const token = `${PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const row = await db.prisma.apiToken.create({ data: { userId, name, tokenHash: hash(token) } });
  return { id: row.id, token };
}

/** Revokes a token (only the owner's own when `ownerId` is given). */
export async function revokeApiToken(db: Db, id: string, ownerId?: string): Promise<boolean> {
  const updated = await db.prisma.apiToken.updateMany({
    where: { id, revokedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    data: { revokedAt: new Date() },
  });
  return updated.count === 1;
}

/** Every token, or one account's; never the token itself (only its hash is stored). */
export async function listApiTokens(db: Db, ownerId?: string) {
  return db.prisma.apiToken.findMany({
    where: ownerId ? { userId: ownerId } : {},
    select: {
      id: true,
      name: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      user: { select: { email: true } },
    },
    orderBy: { createdAt: "desc" },
  });
}

/** The user behind a request's `Authorization: Bearer` token: 401 without a valid one, 403 without the role. */
export async function requireResearcherToken(db: Db, request: Request) {
  const header = request.headers.get("authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token?.startsWith(PREFIX)) {
    throw new Unauthenticated("token_required", "send a researcher API token as `Authorization: Bearer va_…`");
  }
  const row = await db.prisma.apiToken.findUnique({ where: { tokenHash: hash(token) }, include: { user: true } });
  if (!row || row.revokedAt) throw new Unauthenticated("invalid_token", "this API token is unknown or revoked");
  if (row.user.role !== "researcher" && row.user.role !== "admin") {
    throw new Forbidden("forbidden", "this token's account is not a researcher");
  }
  await db.prisma.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return row.user;
}
