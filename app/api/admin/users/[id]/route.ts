import { z } from "zod";
import { ROLES, setRole } from "@/lib/auth";
import { staffRoute } from "@/lib/auth/session";

const body = z.object({ role: z.enum(ROLES) });

export const PATCH = staffRoute("admin", body, async ({ db, input: { role }, params, user: admin, audit }) => {
  const user = await setRole(db, params.id ?? "", role, admin.id);
  await audit("user.role", user.email, { role });
  return { user };
});
