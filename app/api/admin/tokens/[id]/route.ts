import { audit } from "@/lib/admin";
import { revokeApiToken } from "@/lib/auth";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { handle } from "@/lib/http";

export function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const db = getDb();
    if (await revokeApiToken(db, id)) await audit(db, admin, "token.revoke", id);
    else throw new NotFound("unknown_token", "no such active token");
    return Response.json({ revoked: id });
  });
}
