import { z } from "zod";
import { FLAG_ACTIONS, REPORT_ACTIONS, reviewFlag } from "@/lib/admin";
import { staffRoute } from "@/lib/auth/session";
import { isUuid } from "@/lib/db";
import { NotFound } from "@/lib/errors";

const body = z.object({ action: z.enum([...FLAG_ACTIONS, ...REPORT_ACTIONS]) });

export const POST = staffRoute("admin", body, async ({ db, input: { action }, params, user, audit }) => {
  const id = params.id ?? "";
  if (!isUuid(id)) throw new NotFound("unknown_flag", "no such moderation flag");
  const result = await reviewFlag(db, id, action, user.email ?? user.id);
  await audit(`moderation.${action}`, id);
  return result;
});
