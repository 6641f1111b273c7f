import { listApiTokens } from "@/lib/auth";
import { staffRoute } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

/** Every researcher API token (names and dates; the tokens themselves are not stored). */
export const GET = staffRoute("admin", async ({ db }) => ({ tokens: await listApiTokens(db) }));
