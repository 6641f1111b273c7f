import { z } from "zod";
import { audit } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { markFailureAnswer } from "@/lib/failures";
import { handle, readJson } from "@/lib/http";

const body = z.object({
  modelId: z.string().min(1).max(100),
  solved: z.boolean(),
  answer: z.string().max(100_000).optional(),
});

/** Staff's O or X for a model's answer to an accepted failure case. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const input = await readJson(request, body);
    const db = getDb();
    const verdict = await markFailureAnswer(db, id, input, admin.email ?? admin.id);
    await audit(db, admin, "failures.verdict", id, { model: input.modelId, solved: input.solved });
    return Response.json({ modelId: verdict.modelId, solved: verdict.solved });
  });
}
