import { z } from "zod";
import { inviteUser, listUsers } from "@/lib/auth";
import { staffRoute } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const GET = staffRoute("admin", async ({ db }) => ({ users: await listUsers(db) }));

const body = z.object({
  email: z.string().trim().min(3).max(320),
  role: z.enum(["researcher", "admin"]),
  name: z.string().trim().max(100).optional(),
});

/** Invites (or promotes) someone; the answer carries the one-time link to pass on. */
export const POST = staffRoute("admin", body, async ({ db, input, request, audit }) => {
  const invite = await inviteUser(db, input);
  await audit("user.invite", invite.user.email, { role: input.role });
  const link = new URL(`/invite/${invite.token}`, request.url).toString();
  return Response.json({ user: invite.user, inviteUrl: link, expires: invite.expires }, { status: 201 });
});
