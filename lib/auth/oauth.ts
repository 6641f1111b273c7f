import { type Config, config } from "../config";

// Which OAuth sign-ins are on: each needs both its client id and its secret in the environment.
export function oauthProviders(c: Config = config()) {
  const providers: { id: "github" | "google"; name: string }[] = [];
  if (c.AUTH_GITHUB_ID && c.AUTH_GITHUB_SECRET) providers.push({ id: "github", name: "GitHub" });
  if (c.AUTH_GOOGLE_ID && c.AUTH_GOOGLE_SECRET) providers.push({ id: "google", name: "Google" });
  return providers;
}
