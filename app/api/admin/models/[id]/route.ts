import { modelPatch, updateModel } from "@/lib/admin/models";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http/route";

export function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    await requireRole("admin");
    const { id } = await params;
    const model = await updateModel(getDb(), decodeURIComponent(id), await readJson(request, modelPatch));
    return Response.json({ model });
  });
}
