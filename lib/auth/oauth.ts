import { type Config, config } from "../config";

// Which sign-ins besides e-mail and password are on: GitHub and Google when both their client id and secret are
// set, then each OpenID Connect provider of ARENA_OIDC_PROVIDERS (single sign-on).
export function oauthProviders(c: Config = config()) {
  const providers: { id: string; name: string }[] = [];
  if (c.AUTH_GITHUB_ID && c.AUTH_GITHUB_SECRET) providers.push({ id: "github", name: "GitHub" });
  if (c.AUTH_GOOGLE_ID && c.AUTH_GOOGLE_SECRET) providers.push({ id: "google", name: "Google" });
  for (const p of c.ARENA_OIDC_PROVIDERS) providers.push({ id: p.id, name: p.name });
  return providers;
}
