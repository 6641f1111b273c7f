// Which OAuth sign-ins are on: each needs both its client id and its secret in the environment.
export function oauthProviders(env: Record<string, string | undefined> = process.env) {
  const providers: { id: "github" | "google"; name: string }[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) providers.push({ id: "github", name: "GitHub" });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) providers.push({ id: "google", name: "Google" });
  return providers;
}
