import { probeModel } from "@/lib/admin/probe";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http/route";

export function POST(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    await requireRole("admin");
    const { id } = await params;
    return Response.json(await probeModel(getDb(), id));
  });
}
