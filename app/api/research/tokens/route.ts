import { z } from "zod";
import { audit } from "@/lib/admin";
import { createApiToken, listApiTokens } from "@/lib/auth";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    const user = await requireRole("researcher");
    return Response.json({ tokens: await listApiTokens(getDb(), user.id) });
  });
}

const body = z.object({ name: z.string().trim().min(1).max(100) });

/** A new token for the signed-in researcher: shown once in this answer, stored only as a hash. */
export function POST(request: Request) {
  return handle(async () => {
    const user = await requireRole("researcher");
    const { name } = await readJson(request, body);
    const db = getDb();
    const created = await createApiToken(db, user.id, name);
    await audit(db, user, "token.create", created.id, { name });
    return Response.json(created, { status: 201 });
  });
}
