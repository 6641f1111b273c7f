import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import { banVisitor, unbanVisitor } from "@/lib/integrity";

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("ban"), reason: z.string().trim().min(1).max(500) }),
  z.object({ action: z.literal("unban") }),
]);

/** Bans (their votes leave the next snapshot) or un-bans a visitor. */
export const POST = staffRoute("admin", body, async ({ db, input, params, audit }) => {
  const id = params.id ?? "";
  // an unknown visitor is a NotFound from lib/integrity
  const changed = input.action === "ban" ? await banVisitor(db, id, input.reason) : await unbanVisitor(db, id);
  if (changed)
    await audit(`visitor.${input.action}`, id, input.action === "ban" ? { reason: input.reason } : undefined);
  return { id, action: input.action, changed };
});
