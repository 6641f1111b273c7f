import { audit, modelPatch, updateModel } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";

export function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const db = getDb();
    const patch = await readJson(request, modelPatch);
    const model = await updateModel(db, id, patch);
    await audit(db, admin, "model.update", model.id, patch);
    return Response.json({ model });
  });
}
