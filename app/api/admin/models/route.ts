import { createModel, listModelsForAdmin, modelInput } from "@/lib/admin/models";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    await requireRole("admin");
    return Response.json(await listModelsForAdmin(getDb()));
  });
}

export function POST(request: Request) {
  return handle(async () => {
    await requireRole("admin");
    const model = await createModel(getDb(), await readJson(request, modelInput));
    return Response.json({ model }, { status: 201 });
  });
}
