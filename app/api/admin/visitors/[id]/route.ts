import { z } from "zod";
import { audit } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";
import { banVisitor, unbanVisitor } from "@/lib/integrity";

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("ban"), reason: z.string().trim().min(1).max(500) }),
  z.object({ action: z.literal("unban") }),
]);

/** Bans (their votes leave the next snapshot) or un-bans a visitor. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const input = await readJson(request, body);
    const db = getDb();
    // an unknown visitor is a NotFound from lib/integrity
    const changed = input.action === "ban" ? await banVisitor(db, id, input.reason) : await unbanVisitor(db, id);
    if (changed)
      await audit(
        db,
        admin,
        `visitor.${input.action}`,
        id,
        input.action === "ban" ? { reason: input.reason } : undefined,
      );
    return Response.json({ id, action: input.action, changed });
  });
}
