// Researcher routes take either an API token (scripts) or a signed-in session (the download page).
import type { Db } from "../db/context";
import { requireResearcherToken } from "./api-tokens";
import { requireRole } from "./guard";

export async function requireResearcherRequest(db: Db, request: Request) {
  if (request.headers.has("authorization")) return requireResearcherToken(db, request);
  return requireRole("researcher");
}
