import { z } from "zod";
import { audit } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { exportFailurePromptSet, findFailureCandidates } from "@/lib/failures";
import { handle, readJson } from "@/lib/http";

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("find") }),
  z.object({
    action: z.literal("export"),
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{0,79}$/, "letters, digits, '.', '_' and '-'")
      .optional(),
  }),
]);

/** Staff: look for new candidates now, or export the accepted cases as a prompt set. */
export function POST(request: Request) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const input = await readJson(request, body);
    const db = getDb();
    if (input.action === "find") {
      const added = await findFailureCandidates(db);
      await audit(db, admin, "failures.find", null, { added });
      return Response.json({ added });
    }
    const set = await exportFailurePromptSet(db, input.name);
    await audit(db, admin, "failures.export", `${set.name}@${set.version}`);
    return Response.json({ name: set.name, version: set.version });
  });
}
