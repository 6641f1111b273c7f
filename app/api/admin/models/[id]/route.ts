import { audit } from "@/lib/admin/audit";
import { modelPatch, updateModel } from "@/lib/admin/models";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http/route";

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
