import { z } from "zod";
import { audit } from "@/lib/admin";
import { inviteUser, listUsers } from "@/lib/auth";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    await requireRole("admin");
    return Response.json({ users: await listUsers(getDb()) });
  });
}

const body = z.object({
  email: z.string().trim().min(3).max(320),
  role: z.enum(["researcher", "admin"]),
  name: z.string().trim().max(100).optional(),
});

/** Invites (or promotes) someone; the answer carries the one-time link to pass on. */
export function POST(request: Request) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const db = getDb();
    const input = await readJson(request, body);
    const invite = await inviteUser(db, input);
    await audit(db, admin, "user.invite", invite.user.email, { role: input.role });
    const link = new URL(`/invite/${invite.token}`, request.url).toString();
    return Response.json({ user: invite.user, inviteUrl: link, expires: invite.expires }, { status: 201 });
  });
}
