import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import { reviewFailureCase } from "@/lib/failures";

const body = z.object({ action: z.enum(["accept", "reject"]), note: z.string().max(2000).optional() });

export const POST = staffRoute("admin", body, async ({ db, input, params, user, audit }) => {
  const reviewed = await reviewFailureCase(db, params.id ?? "", input, user.email ?? user.id);
  await audit(`failures.${input.action}`, params.id, input.note ? { note: input.note } : undefined);
  return { id: reviewed.id, status: reviewed.status, note: reviewed.note };
});
