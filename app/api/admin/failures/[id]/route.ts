import { z } from "zod";
import { audit } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { reviewFailureCase } from "@/lib/failures";
import { handle, readJson } from "@/lib/http";

const body = z.object({ action: z.enum(["accept", "reject"]), note: z.string().max(2000).optional() });

export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const input = await readJson(request, body);
    const db = getDb();
    const reviewed = await reviewFailureCase(db, id, input, admin.email ?? admin.id);
    await audit(db, admin, `failures.${input.action}`, id, input.note ? { note: input.note } : undefined);
    return Response.json({ id: reviewed.id, status: reviewed.status, note: reviewed.note });
  });
}
