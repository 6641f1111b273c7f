import { z } from "zod";
import { requireRole } from "@/lib/auth/guard";
import { ROLES, setRole } from "@/lib/auth/users";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http/route";

const body = z.object({ role: z.enum(ROLES) });

export function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { id } = await params;
    const { role } = await readJson(request, body);
    return Response.json({ user: await setRole(getDb(), id, role, admin.id) });
  });
}
