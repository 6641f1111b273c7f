import { z } from "zod";
import { audit } from "@/lib/admin";
import { ROLES, setRole } from "@/lib/auth";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";

const body = z.object({ role: z.enum(ROLES) });

export function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const { role } = await readJson(request, body);
    const db = getDb();
    const user = await setRole(db, id, role, admin.id);
    await audit(db, admin, "user.role", user.email, { role });
    return Response.json({ user });
  });
}
