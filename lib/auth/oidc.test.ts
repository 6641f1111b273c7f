import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { oauthProviders } from "./oauth";
import { claimValues, decideOidcSignIn, oidcClientSecret, oidcProviders, roleFromClaims } from "./oidc";

const env = {
  ARENA_OIDC_PROVIDERS: JSON.stringify([
    {
      id: "keycloak",
      name: "University login",
      issuer: "https://sso.uni.example/realms/staff",
      clientId: "arena",
      clientSecretEnv: "KEYCLOAK_SECRET",
      roleClaim: "realm_access.roles",
      roles: { "arena-admin": "admin", "arena-researcher": "researcher" },
      allowedDomains: ["uni.example"],
    },
    {
      id: "entra",
      name: "Microsoft",
      issuer: "https://login.microsoftonline.com/t/v2.0",
      clientId: "c",
      clientSecret: "s",
    },
  ]),
  KEYCLOAK_SECRET: "from-the-environment",
};
const [keycloak, entra] = oidcProviders(parseConfig(env));
if (!keycloak || !entra) throw new Error("providers not parsed");

const claims = (extra: Record<string, unknown>) => ({ email: "Ada@Uni.Example", email_verified: true, ...extra });

describe("single sign-on (OpenID Connect)", () => {
  it("parses any number of providers, with defaults, and shows each as a sign-in button", () => {
    expect(entra).toMatchObject({ scope: "openid email profile", roleClaim: "groups", roles: {}, allowedDomains: [] });
    expect(oidcClientSecret(keycloak, env)).toBe("from-the-environment");
    expect(oauthProviders(parseConfig(env)).map((p) => p.id)).toEqual(["keycloak", "entra"]);
    expect(() =>
      parseConfig({ ARENA_OIDC_PROVIDERS: '[{"id":"a","name":"A","issuer":"https://a.example","clientId":"c"}]' }),
    ).toThrow(/clientSecret or clientSecretEnv is required/);
    expect(() => parseConfig({ ARENA_OIDC_PROVIDERS: "{not json" })).toThrow(/JSON array/);
  });

  it("reads the role from a claim by path, the highest mapped value winning", () => {
    expect(claimValues({ realm_access: { roles: ["a", 3, "b"] } }, "realm_access.roles")).toEqual(["a", "b"]);
    expect(claimValues({ groups: "one" }, "groups")).toEqual(["one"]);
    expect(roleFromClaims(keycloak, { realm_access: { roles: ["arena-researcher", "arena-admin"] } })).toBe("admin");
    expect(roleFromClaims(keycloak, { realm_access: { roles: ["other"] } })).toBeNull();
  });

  it("lets in staff by claim or invitation, and refuses other domains, unverified linking and people with no role", () => {
    const admin = claims({ realm_access: { roles: ["arena-admin"] } });
    expect(decideOidcSignIn(keycloak, admin, null)).toEqual({
      allow: true,
      email: "ada@uni.example",
      role: "admin",
      fromClaim: true,
    });
    expect(decideOidcSignIn(keycloak, { ...admin, email: "ada@elsewhere.example" }, null)).toEqual({
      allow: false,
      reason: "oidc_domain",
    });
    expect(decideOidcSignIn(keycloak, claims({}), null)).toEqual({ allow: false, reason: "oidc_no_role" });
    // an invitation on record keeps working without a claim
    expect(decideOidcSignIn(keycloak, claims({}), { role: "researcher", linked: false })).toMatchObject({
      allow: true,
      role: "researcher",
      fromClaim: false,
    });
    // an account that is not a staff account gains nothing from its address alone
    expect(decideOidcSignIn(keycloak, claims({}), { role: "user", linked: true })).toMatchObject({ allow: false });
    // joining an existing account needs an address the provider verified; an already linked subject does not
    const unverified = claims({ email_verified: false, realm_access: { roles: ["arena-admin"] } });
    expect(decideOidcSignIn(keycloak, unverified, { role: "researcher", linked: false })).toEqual({
      allow: false,
      reason: "oidc_unverified",
    });
    expect(decideOidcSignIn(keycloak, unverified, { role: "researcher", linked: true })).toMatchObject({ allow: true });
    expect(decideOidcSignIn(entra, { sub: "x" }, null)).toEqual({ allow: false, reason: "oidc_no_email" });
  });
});
