import { probeModel } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";

export function POST(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    await requireRole("admin");
    const { id } = await params;
    return Response.json(await probeModel(getDb(), id));
  });
}
