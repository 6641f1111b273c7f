import { z } from "zod";
import { createApiToken, listApiTokens } from "@/lib/auth";
import { staffRoute } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const GET = staffRoute("researcher", async ({ db, user }) => ({ tokens: await listApiTokens(db, user.id) }));

const body = z.object({ name: z.string().trim().min(1).max(100) });

/** A new token for the signed-in researcher: shown once in this answer, stored only as a hash. */
export const POST = staffRoute("researcher", body, async ({ db, input: { name }, user, audit }) => {
  const created = await createApiToken(db, user.id, name);
  await audit("token.create", created.id, { name });
  return Response.json(created, { status: 201 });
});
