// Role checks on the server. Route handlers throw the standard 401/403 error; pages render the 401/403 pages
// (Next's unauthorized()/forbidden()), so nothing of an admin page reaches someone without the role.
import { headers } from "next/headers";
import { forbidden, unauthorized } from "next/navigation";
import { cache } from "react";
import { getDb } from "../db";
import { Forbidden, Unauthenticated } from "../errors";
import { auth } from "./auth";
import { staffSessionOpen } from "./staff-sessions";
import { type AccountUser, accountById, type Role } from "./users";

/** The signed-in account with its current role, or null; looked up once per request (layout and page share it). */
export const signedInUser = cache(async (): Promise<AccountUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  // a signed cookie is not enough: its session must still be open (sign-out closes it everywhere at once)
  const db = getDb();
  if (!(await staffSessionOpen(db, id, (session as { sid?: unknown }).sid))) return null;
  return accountById(db, id);
});

const allowed = (user: AccountUser, roles: Role[]) => roles.includes(user.role) || user.role === "admin";

/**
 * A request another site's page made with the staff member's cookies: browsers name that page in `Origin`.
 * (SameSite=Lax cookies already stay home on cross-site POSTs; this also covers old browsers and sibling subdomains.)
 */
export function crossOrigin(origin: string | null, host: string | null): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** For route handlers: the account, or 401 (not signed in) / 403 (signed in without the role, or from another site). */
export async function requireRole(...roles: Role[]): Promise<AccountUser> {
  const request = await headers();
  const host = request.get("x-forwarded-host")?.split(",")[0]?.trim() ?? request.get("host");
  if (crossOrigin(request.get("origin"), host)) {
    throw new Forbidden("cross_origin", "staff actions are accepted only from this site's own pages");
  }
  const user = await signedInUser();
  if (!user) throw new Unauthenticated("unauthenticated", "sign in first");
  if (!allowed(user, roles)) throw new Forbidden("forbidden", `this needs the ${roles.join(" or ")} role`);
  return user;
}

/** For pages: the account, or the 401 page (with the sign-in form) / the 403 page. */
export async function pageRequiresRole(...roles: Role[]): Promise<AccountUser> {
  const user = await signedInUser();
  if (!user) unauthorized();
  if (!allowed(user, roles)) forbidden();
  return user;
}
