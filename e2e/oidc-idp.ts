// A real OpenID Connect provider for the single sign-on browser test (the `oidc-provider` package, which certified
// providers are built on): discovery, authorization code with PKCE, signed ID tokens, its own login and consent
// pages. Whoever signs in is the account named by the login typed; each account's groups decide its arena role.
import type { Server } from "node:http";
import Provider from "oidc-provider";

export const IDP = {
  id: "uni",
  name: "University login",
  clientId: "arena-e2e",
  clientSecret: "idp-client-secret-0123456789",
} as const;

/** Logins the provider knows, with the groups it asserts (the arena maps `arena-admins` and `arena-researchers`). */
const GROUPS: Record<string, string[]> = {
  "admin@uni.example": ["arena-admins"],
  "researcher@uni.example": ["arena-researchers"],
  "outsider@elsewhere.example": ["arena-admins"],
};

export async function startTestIdp(port: number, appBase: string): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP.clientId,
        client_secret: IDP.clientSecret,
        redirect_uris: [`${appBase}/api/auth/callback/${IDP.id}`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub", "groups"], email: ["email", "email_verified"], profile: ["name"] },
    // the claims of the scopes asked for go into the ID token too (Auth.js reads the ID token)
    conformIdTokenClaims: false,
    cookies: { keys: ["e2e-idp-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id, email_verified: true, name: id.split("@")[0], groups: GROUPS[id] ?? [] };
        },
      };
    },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The arena's ARENA_OIDC_PROVIDERS for this provider. */
export function idpProvidersJson(issuer: string): string {
  return JSON.stringify([
    {
      id: IDP.id,
      name: IDP.name,
      issuer,
      clientId: IDP.clientId,
      clientSecretEnv: "E2E_IDP_SECRET",
      roleClaim: "groups",
      roles: { "arena-admins": "admin", "arena-researchers": "researcher" },
      allowedDomains: ["uni.example"],
    },
  ]);
}
