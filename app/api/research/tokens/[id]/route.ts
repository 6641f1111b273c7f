import { audit } from "@/lib/admin/audit";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/route";

export function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const user = await requireRole("researcher");
    const { id } = await params;
    const db = getDb();
    if (!(await revokeApiToken(db, id, user.id))) {
      throw new ApiError(404, "unknown_token", "no such active token of yours");
    }
    await audit(db, user, "token.revoke", id);
    return Response.json({ revoked: id });
  });
}
