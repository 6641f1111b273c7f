// Single sign-on for staff through any number of OpenID Connect providers (ARENA_OIDC_PROVIDERS: Keycloak, Entra ID,
// Okta, Authentik...). Who may come in is decided here, apart from Auth.js, so it is testable without a browser:
// the address (parsed strictly) must be one the provider verified and of an allowed domain; the role comes from a claim (a group or role the provider asserts), else
// from an invitation already on record; an existing account is linked only to an address the provider verified.
import { domainToASCII } from "node:url";
import { type Config, config, namedSecret } from "../config";
import type { Db } from "../db/context";
import { normaliseEmail, type Role } from "./users";

export type OidcProviderConfig = Config["ARENA_OIDC_PROVIDERS"][number];

const RANK: Record<Role, number> = { user: 0, researcher: 1, admin: 2 };
const STAFF: Role[] = ["researcher", "admin"];

/** The configured providers (buttons on the sign-in page, Auth.js providers). */
export function oidcProviders(c: Config = config()): OidcProviderConfig[] {
  return c.ARENA_OIDC_PROVIDERS;
}

export function oidcClientSecret(
  provider: OidcProviderConfig,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  return provider.clientSecret ?? namedSecret(provider.clientSecretEnv, env as NodeJS.ProcessEnv);
}

/** A claim by dotted path (`realm_access.roles`), as a list of strings (a single string is a list of one). */
export function claimValues(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = claims;
  for (const key of path.split(".")) {
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The highest role any of the claim's values maps to, or null when none does. */
export function roleFromClaims(provider: OidcProviderConfig, claims: Record<string, unknown>): Role | null {
  let best: Role | null = null;
  for (const value of claimValues(claims, provider.roleClaim)) {
    const role = (provider.roles as Record<string, Role>)[value];
    if (role && (best === null || RANK[role] > RANK[best])) best = role;
  }
  return best;
}

/** RFC 5322's dot-atom: no quoted local part, no comments, no spaces; what a provider's address claim should be. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An address claim read strictly: exactly one `@`, a dot-atom local part, a domain of valid labels folded to its
 * ASCII (IDN) form and lower case. Anything else is no address: `x@evil.com@uni.example` is not at uni.example.
 */
export function parseEmailClaim(value: unknown): { email: string; domain: string } | null {
  if (typeof value !== "string" || value.length > 254) return null;
  const parts = value.split("@");
  if (parts.length !== 2) return null;
  const [local, rawDomain] = parts as [string, string];
  if (local.length === 0 || local.length > 64 || !LOCAL_PART.test(local)) return null;
  // the URL parser that folds IDNs also drops spaces and control characters at the ends: refused before it
  if (/[\s\p{Cc}()<>,;:\\"[\]]/u.test(rawDomain)) return null;
  const domain = domainToASCII(rawDomain.normalize("NFC").replace(/\.$/, "")).toLowerCase();
  const labels = domain.split(".");
  if (!domain || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return { email: normaliseEmail(`${local}@${domain}`), domain };
}

/** An allowed domain as configured, folded the same way (`Universität.example` = `xn--universitt-…`). */
const foldDomain = (domain: string) => domainToASCII(domain.trim().replace(/\.$/, "")).toLowerCase();

export type OidcRefusal = "oidc_no_email" | "oidc_domain" | "oidc_unverified" | "oidc_no_role";
export type OidcDecision =
  | { allow: true; email: string; role: Role; fromClaim: boolean }
  | { allow: false; reason: OidcRefusal };

/**
 * Whether this person may sign in with this provider, and as what. `existing` is the account with the same
 * address, if any, and whether it is already linked to this provider's subject (then nothing new is linked).
 */
export function decideOidcSignIn(
  provider: OidcProviderConfig,
  claims: Record<string, unknown>,
  existing: { role: Role; linked: boolean } | null,
): OidcDecision {
  const parsed = parseEmailClaim(claims.email);
  if (!parsed) return { allow: false, reason: "oidc_no_email" };
  const { email, domain } = parsed;
  if (provider.allowedDomains.length > 0) {
    if (!provider.allowedDomains.map(foldDomain).includes(domain)) return { allow: false, reason: "oidc_domain" };
    // a domain says who someone is only when the provider checked the address: on a multi-tenant provider (Entra
    // ID) any tenant can put any address in its users' claims, unverified
    if (claims.email_verified !== true) return { allow: false, reason: "oidc_unverified" };
  }
  // linking a new sign-in to an account someone else may own: only for an address the provider vouches for
  if (existing && !existing.linked && claims.email_verified !== true)
    return { allow: false, reason: "oidc_unverified" };
  const claimed = roleFromClaims(provider, claims);
  if (claimed && STAFF.includes(claimed)) return { allow: true, email, role: claimed, fromClaim: true };
  // no staff role asserted: an invitation on record still counts
  if (existing && STAFF.includes(existing.role)) return { allow: true, email, role: existing.role, fromClaim: false };
  return { allow: false, reason: "oidc_no_role" };
}

/** The account with this address and whether this provider's subject is already linked to it. */
export async function existingAccount(
  db: Db,
  providerId: string,
  subject: string,
  email: unknown,
): Promise<{ id: string; role: Role; linked: boolean } | null> {
  if (typeof email !== "string") return null;
  const user = await db.prisma.user.findUnique({
    where: { email: normaliseEmail(email) },
    select: { id: true, role: true, accounts: { where: { provider: providerId, providerAccountId: subject } } },
  });
  return user ? { id: user.id, role: user.role, linked: user.accounts.length > 0 } : null;
}

/**
 * After a sign-in the provider allowed: a role asserted by a claim is applied to the account (the provider is the
 * source of truth for its staff), recorded in the audit log when it changes.
 */
export async function applyOidcRole(db: Db, userId: string, decision: OidcDecision, providerId: string) {
  if (!decision.allow || !decision.fromClaim) return;
  const user = await db.prisma.user.findUnique({ where: { id: userId }, select: { role: true, email: true } });
  if (!user || user.role === decision.role) return;
  await db.prisma.$transaction([
    db.prisma.user.update({ where: { id: userId }, data: { role: decision.role } }),
    db.prisma.auditEntry.create({
      data: {
        actor: `sso:${providerId}`,
        action: "user.role_from_sso",
        target: user.email,
        details: { from: user.role, to: decision.role },
      },
    }),
  ]);
}
