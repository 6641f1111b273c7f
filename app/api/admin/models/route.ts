import { audit, createModel, listModelsForAdmin, modelInput } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    await requireRole("admin");
    return Response.json(await listModelsForAdmin(getDb()));
  });
}

export function POST(request: Request) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const db = getDb();
    const input = await readJson(request, modelInput);
    const model = await createModel(db, input);
    await audit(db, admin, "model.create", model.id, input);
    return Response.json({ model }, { status: 201 });
  });
}
