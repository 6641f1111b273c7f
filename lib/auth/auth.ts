// Auth.js (v5) for admins and researchers: e-mail + password always, GitHub and Google when their client ids are
// configured, and any number of OpenID Connect providers (lib/auth/oidc.ts decides who may come in, and as what). Sessions are signed JWT cookies (the credentials provider needs them); the role is read from the
// database on every check (lib/auth/guard.ts), so a demotion applies at once. Visitors never sign in.
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { forgiveLimits, hitLimits } from "../arena/rate-limit";
import { config as configuration } from "../config";
import { getDb } from "../db";
import { ipHashFrom } from "../http/visitor";
import { hmac, serverSecret } from "../security";
import { isStorableText } from "../text";
import { oauthProviders } from "./oauth";
import { applyOidcRole, decideOidcSignIn, existingAccount, oidcClientSecret, oidcProviders } from "./oidc";
import { signInLimits } from "./sign-in-limits";
import { closeStaffSession, openStaffSession } from "./staff-sessions";
import { authenticate, ensureFirstAdmin, normaliseEmail } from "./users";

const SESSION_SECONDS = 7 * 24 * 3600;

/** Text the database can take (no NUL, no lone surrogate): anything else is not a sign-in, just a refusal. */
const storable = (value: string) => value.length > 0 && isStorableText(value);

const globalForAuth = globalThis as unknown as { arenaFirstAdmin?: Promise<unknown> };

/** Once per process: the admin named in the environment exists with that password. */
export function firstAdminReady(): Promise<unknown> {
  globalForAuth.arenaFirstAdmin ??= ensureFirstAdmin(getDb()).catch((error) => {
    globalForAuth.arenaFirstAdmin = undefined;
    console.error("first admin:", error instanceof Error ? error.message : error);
  });
  return globalForAuth.arenaFirstAdmin;
}

function config(): NextAuthConfig {
  const db = getDb();
  // both providers verify addresses, so an invited address may sign in with either
  const on = new Set(oauthProviders().map((p) => p.id));
  const oauth = [
    ...(on.has("github") ? [GitHub({ allowDangerousEmailAccountLinking: true })] : []),
    ...(on.has("google") ? [Google({ allowDangerousEmailAccountLinking: true })] : []),
  ];
  const oidc = new Map(oidcProviders().map((p) => [p.id, p]));
  // any number of OpenID Connect providers, found by discovery from their issuer. Linking by address is allowed
  // here because the signIn callback below refuses it unless the provider verified the address.
  const sso = [...oidc.values()].map((p) => ({
    id: p.id,
    name: p.name,
    type: "oidc" as const,
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: oidcClientSecret(p),
    authorization: { params: { scope: p.scope } },
    checks: ["pkce" as const, "state" as const],
    allowDangerousEmailAccountLinking: true,
  }));
  return {
    // The adapter keeps OAuth users and their linked accounts; its types name @prisma/client, ours is generated.
    adapter: PrismaAdapter(db.prisma as unknown as Parameters<typeof PrismaAdapter>[0]),
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    secret: configuration().AUTH_SECRET || hmac(serverSecret(), "authjs-session"),
    trustHost: true,
    pages: { signIn: "/signin", error: "/signin" },
    // a wrong password is an answer, not a server error: logged as one line without the address, never a stack
    logger: {
      error(error) {
        // Auth.js errors carry their kind in `type` (class names do not survive minification)
        const type = (error as { type?: string }).type ?? error.name;
        if (type === "CredentialsSignin") console.warn("sign-in refused (wrong e-mail or password)");
        else console.error(`[auth] ${type}: ${error.message}`);
      },
    },
    providers: [
      Credentials({
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const email = typeof credentials.email === "string" ? normaliseEmail(credentials.email) : "";
          const password = typeof credentials.password === "string" ? credentials.password : "";
          if (!storable(email) || !storable(password) || email.length > 254 || password.length > 1024) return null;
          await firstAdminReady();
          const limits = signInLimits(email, ipHashFrom(request));
          try {
            await hitLimits(db.pool, limits);
          } catch {
            return null;
          }
          const user = await authenticate(db, email, password);
          // only failed tries count toward the lockout: an admin who signs in often is never locked out
          if (user) await forgiveLimits(db.pool, limits).catch(() => undefined);
          return user ? { id: user.id, email: user.email, name: user.name } : null;
        },
      }),
      ...oauth,
      ...sso,
    ],
    callbacks: {
      async signIn({ account, profile }) {
        const provider = account ? oidc.get(account.provider) : undefined;
        if (!provider || !account) return true;
        const claims = (profile ?? {}) as Record<string, unknown>;
        const existing = await existingAccount(db, provider.id, account.providerAccountId, claims.email);
        const decision = decideOidcSignIn(provider, claims, existing);
        if (!decision.allow) console.warn(`[auth] single sign-on with ${provider.id} refused: ${decision.reason}`);
        return decision.allow ? true : `/signin?error=${decision.reason}`;
      },
      async jwt({ token, user }) {
        // `user` is there only when the token is made, at sign-in: the session row it will be checked against
        if (user) token.sid = await openStaffSession(db, (user.id ?? token.sub) as string, SESSION_SECONDS);
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        (session as { sid?: unknown }).sid = token.sid;
        return session;
      },
    },
    events: {
      async signIn({ user, account, profile }) {
        const provider = account ? oidc.get(account.provider) : undefined;
        if (!provider || !account || !user.id) return;
        const claims = (profile ?? {}) as Record<string, unknown>;
        // decided again with the account as it now is (created or linked by the adapter): the claim's role applies
        const existing = await existingAccount(db, provider.id, account.providerAccountId, claims.email);
        await applyOidcRole(db, user.id, decideOidcSignIn(provider, claims, existing), provider.id);
      },
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (typeof sid === "string") await closeStaffSession(db, sid);
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
