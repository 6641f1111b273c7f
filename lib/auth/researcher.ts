// Researcher routes take either an API token (scripts) or a signed-in session (the download page).
import type { Db } from "../db/context";
import { Unauthenticated } from "../errors";
import { requireResearcherToken } from "./api-tokens";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token(?:\.\d+)?=/;

export async function requireResearcherRequest(db: Db, request: Request) {
  if (request.headers.has("authorization")) return requireResearcherToken(db, request);
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) {
    throw new Unauthenticated(
      "unauthenticated",
      "sign in, or send a researcher API token as `Authorization: Bearer va_…`",
    );
  }
  // loaded only for sessions: Auth.js needs Next's request context, which token requests (and scripts) do without
  const { requireRole } = await import("./guard");
  return requireRole("researcher");
}
