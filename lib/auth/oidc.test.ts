import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { oauthProviders } from "./oauth";
import {
  claimValues,
  decideOidcSignIn,
  oidcClientSecret,
  oidcProviders,
  parseEmailClaim,
  roleFromClaims,
} from "./oidc";

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
  ARENA_PUBLIC_URL: "https://arena.uni.example",
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
      parseConfig({
        ARENA_OIDC_PROVIDERS: '[{"id":"a","name":"A","issuer":"https://a.example","clientId":"c"}]',
        ARENA_PUBLIC_URL: "https://arena.example",
      }),
    ).toThrow(/clientSecret or clientSecretEnv is required/);
    // callbacks need the public address: refused at start-up in one line, unless a trusted proxy will tell it
    const { ARENA_PUBLIC_URL: _url, ...withoutUrl } = env;
    expect(() => parseConfig(withoutUrl)).toThrow(
      /^configuration: ARENA_OIDC_PROVIDERS needs the arena's public address for its callbacks: set ARENA_PUBLIC_URL/,
    );
    expect(oidcProviders(parseConfig({ ...withoutUrl, ARENA_TRUSTED_PROXIES: "10.0.0.0/8" }))).toHaveLength(2);
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
    // without a domain rule, a subject already linked needs no verified address (the provider vouches for its subject)
    const unverifiedEntra = { email: "ada@uni.example", email_verified: false, groups: [] };
    expect(decideOidcSignIn(entra, unverifiedEntra, { role: "researcher", linked: true })).toMatchObject({
      allow: true,
    });
    expect(decideOidcSignIn(entra, { sub: "x" }, null)).toEqual({ allow: false, reason: "oidc_no_email" });
  });

  it("applies the domain rule only to a verified address, parsed strictly", () => {
    const admin = { realm_access: { roles: ["arena-admin"] } };
    // an unverified address in the admin group (any tenant of a multi-tenant provider can assert one)
    for (const verified of [false, "true", undefined])
      expect(
        decideOidcSignIn(keycloak, { ...admin, email: "ada@uni.example", email_verified: verified }, null),
      ).toEqual({
        allow: false,
        reason: "oidc_unverified",
      });
    // addresses that only look like they end in the allowed domain
    for (const email of [
      "x@evil.com@uni.example",
      "x(comment)@uni.example",
      '"x@evil.com"@uni.example',
      "x @uni.example",
      "x@uni.example\n",
      "@uni.example",
      "x@",
      "x@uni..example",
      "x@-uni.example",
    ])
      expect(decideOidcSignIn(keycloak, { ...admin, email, email_verified: true }, null)).toMatchObject({
        allow: false,
      });
    expect(decideOidcSignIn(keycloak, { ...admin, email: "x@evil.example", email_verified: true }, null)).toEqual({
      allow: false,
      reason: "oidc_domain",
    });
    // an internationalised domain is compared in its ASCII form, whichever form either side is written in
    const idn = parseConfig({
      ...env,
      ARENA_OIDC_PROVIDERS: JSON.stringify([
        {
          id: "u",
          name: "U",
          issuer: "https://u.example",
          clientId: "c",
          clientSecret: "s",
          allowedDomains: ["Universität.example"],
        },
      ]),
    }).ARENA_OIDC_PROVIDERS[0];
    if (!idn) throw new Error("provider not parsed");
    const asked = { groups: [], email_verified: true };
    expect(
      decideOidcSignIn(
        { ...idn, roles: { staff: "admin" } },
        { ...asked, groups: ["staff"], email: "Ada@UNIVERSITÄT.example" },
        null,
      ),
    ).toMatchObject({
      allow: true,
      email: "ada@xn--universitt-y5a.example",
    });
    expect(parseEmailClaim("ada@xn--universitt-y5a.example")?.domain).toBe("xn--universitt-y5a.example");
  });
});
