import { revokeApiToken } from "@/lib/auth/api-tokens";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/route";

export function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    await requireRole("admin");
    const { id } = await params;
    if (!(await revokeApiToken(getDb(), id))) throw new ApiError(404, "unknown_token", "no such active token");
    return Response.json({ revoked: id });
  });
}
