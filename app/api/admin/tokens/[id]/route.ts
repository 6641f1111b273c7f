import { audit } from "@/lib/admin/audit";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/route";

export function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const db = getDb();
    if (await revokeApiToken(db, id)) await audit(db, admin, "token.revoke", id);
    else throw new ApiError(404, "unknown_token", "no such active token");
    return Response.json({ revoked: id });
  });
}
