import { z } from "zod";
import { audit, reviewFlag } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb, isUuid } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { handle, readJson } from "@/lib/http";

const body = z.object({ action: z.enum(["release", "ban"]) });

export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    if (!isUuid(id)) throw new NotFound("unknown_flag", "no such moderation flag");
    const { action } = await readJson(request, body);
    const db = getDb();
    const result = await reviewFlag(db, id, action, admin.email ?? admin.id);
    await audit(db, admin, `moderation.${action}`, id);
    return Response.json(result);
  });
}
