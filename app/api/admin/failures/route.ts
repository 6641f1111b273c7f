import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import { exportFailurePromptSet, findFailureCandidates } from "@/lib/failures";

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
export const POST = staffRoute("admin", body, async ({ db, input, audit }) => {
  if (input.action === "find") {
    const added = await findFailureCandidates(db);
    await audit("failures.find", null, { added });
    return { added };
  }
  const set = await exportFailurePromptSet(db, input.name);
  await audit("failures.export", `${set.name}@${set.version}`);
  return { name: set.name, version: set.version };
});
