// Accounts for the people who run the arena and take its data. Visitors never have one. The first admin comes
// from the environment; everyone else is invited (or promoted) by an admin.
import crypto from "node:crypto";
import { type Config, config } from "../config";
import type { Db } from "../db/context";
import { Conflict, InvalidInput, NotFound } from "../errors";
import { checkNewPassword, hashPassword, isPasswordHash, verifyAgainstNothing, verifyPassword } from "./passwords";

export const ROLES = ["user", "researcher", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface AccountUser {
  id: string;
  email: string | null;
  name: string | null;
  role: Role;
}

const INVITE_DAYS = 7;
const INVITE_PREFIX = "invite:";
const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * ARENA_ADMIN_EMAIL with ARENA_ADMIN_PASSWORD (hashed here) or ARENA_ADMIN_PASSWORD_HASH (from `arena users
 * hash-password`): that account exists, is an admin and signs in with that password. Safe to call from many
 * processes at once.
 */
export async function ensureFirstAdmin(db: Db, c: Config = config()) {
  const email = c.ARENA_ADMIN_EMAIL;
  if (!email) return null;
  const password = c.ARENA_ADMIN_PASSWORD;
  const givenHash = c.ARENA_ADMIN_PASSWORD_HASH?.trim();
  if (givenHash && !isPasswordHash(givenHash)) {
    throw new Error("ARENA_ADMIN_PASSWORD_HASH is not a hash from `arena users hash-password`");
  }
  if (!givenHash && !password)
    throw new Error("set ARENA_ADMIN_PASSWORD (or ARENA_ADMIN_PASSWORD_HASH) with ARENA_ADMIN_EMAIL");
  const address = normaliseEmail(email);
  const existing = await db.prisma.user.findUnique({ where: { email: address } });
  const current = existing?.passwordHash ?? null;
  const upToDate = givenHash ? current === givenHash : password ? await verifyPassword(password, current) : false;
  const passwordHash = upToDate ? current : (givenHash ?? (await hashPassword(password as string)));
  return db.prisma.user.upsert({
    where: { email: address },
    create: { email: address, role: "admin", passwordHash, emailVerified: new Date() },
    update: { role: "admin", passwordHash },
  });
}

/** The account for an e-mail and password, or null (same time either way). */
export async function authenticate(db: Db, email: string, password: string): Promise<AccountUser | null> {
  const user = await db.prisma.user.findUnique({ where: { email: normaliseEmail(email) } });
  if (!user?.passwordHash) return verifyAgainstNothing(password).then(() => null);
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

export async function accountById(db: Db, id: string): Promise<AccountUser | null> {
  const user = await db.prisma.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true },
  });
  return user ?? null;
}

/**
 * Invites someone as researcher or admin: their account gets the role now (an existing account is promoted) and
 * the returned one-time token, valid for a week, lets them set a password at /invite/<token>. GitHub or Google
 * sign-in with the same verified address works as well.
 */
export async function inviteUser(db: Db, input: { email: string; role: Role; name?: string }) {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new InvalidInput("invalid_email", `'${input.email}' is not an e-mail address`);
  const token = crypto.randomBytes(24).toString("base64url");
  const expires = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  const user = await db.prisma.$transaction(async (tx) => {
    const account = await tx.user.upsert({
      where: { email },
      create: { email, role: input.role, name: input.name ?? null },
      update: { role: input.role },
    });
    await tx.verificationToken.deleteMany({ where: { identifier: `${INVITE_PREFIX}${email}` } });
    await tx.verificationToken.create({
      data: { identifier: `${INVITE_PREFIX}${email}`, token: tokenHash(token), expires },
    });
    return account;
  });
  return { user: { id: user.id, email: user.email, name: user.name, role: user.role } as AccountUser, token, expires };
}

/** The invitation behind a token, if it is still valid. */
export async function findInvite(db: Db, token: string) {
  const row = await db.prisma.verificationToken.findFirst({
    where: { token: tokenHash(token), identifier: { startsWith: INVITE_PREFIX } },
  });
  if (!row || row.expires < new Date()) return null;
  return { email: row.identifier.slice(INVITE_PREFIX.length), expires: row.expires };
}

/** Sets the invited account's password (and name); the token is spent. */
export async function acceptInvite(db: Db, token: string, password: string, name?: string): Promise<AccountUser> {
  const problem = checkNewPassword(password);
  if (problem) throw new InvalidInput("weak_password", problem);
  const invite = await findInvite(db, token);
  if (!invite)
    throw new NotFound("invite_not_found", "this invitation is unknown, used or expired; ask an admin for a new one");
  const passwordHash = await hashPassword(password);
  return db.prisma.$transaction(async (tx) => {
    const spent = await tx.verificationToken.deleteMany({ where: { token: tokenHash(token) } });
    if (spent.count !== 1) throw new Conflict("invite_used", "this invitation was just used");
    const user = await tx.user.update({
      where: { email: invite.email },
      data: { passwordHash, emailVerified: new Date(), ...(name?.trim() ? { name: name.trim() } : {}) },
    });
    return { id: user.id, email: user.email, name: user.name, role: user.role };
  });
}

/** Changes a role; an admin cannot demote themselves, and the last admin stays an admin. */
export async function setRole(db: Db, userId: string, role: Role, actingUserId: string): Promise<AccountUser> {
  if (userId === actingUserId && role !== "admin") {
    throw new Conflict("own_role", "you cannot take away your own admin role; ask another admin");
  }
  return db.prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user) throw new NotFound("unknown_user", "no such account");
    if (user.role === "admin" && role !== "admin") {
      const admins = await tx.user.count({ where: { role: "admin" } });
      if (admins <= 1) throw new Conflict("last_admin", "the arena needs at least one admin");
    }
    const updated = await tx.user.update({ where: { id: userId }, data: { role } });
    return { id: updated.id, email: updated.email, name: updated.name, role: updated.role };
  });
}

export async function listUsers(db: Db) {
  const users = await db.prisma.user.findMany({
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      createdAt: true,
      passwordHash: true,
      accounts: { select: { provider: true } },
    },
  });
  return users.map(({ passwordHash, accounts, ...user }) => ({
    ...user,
    signIn: [...(passwordHash ? ["password"] : []), ...accounts.map((a) => a.provider)],
  }));
}
