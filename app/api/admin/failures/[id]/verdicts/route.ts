import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import { markFailureAnswer } from "@/lib/failures";

const body = z.object({
  modelId: z.string().min(1).max(100),
  solved: z.boolean(),
  answer: z.string().max(100_000).optional(),
});

/** Staff's O or X for a model's answer to an accepted failure case. */
export const POST = staffRoute("admin", body, async ({ db, input, params, user, audit }) => {
  const verdict = await markFailureAnswer(db, params.id ?? "", input, user.email ?? user.id);
  await audit("failures.verdict", params.id, { model: input.modelId, solved: input.solved });
  return { modelId: verdict.modelId, solved: verdict.solved };
});
