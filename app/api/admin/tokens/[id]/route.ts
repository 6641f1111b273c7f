import { revokeApiToken } from "@/lib/auth";
import { staffRoute } from "@/lib/auth/session";
import { NotFound } from "@/lib/errors";

export const DELETE = staffRoute("admin", async ({ db, params, audit }) => {
  const id = params.id ?? "";
  if (!(await revokeApiToken(db, id))) throw new NotFound("unknown_token", "no such active token");
  await audit("token.revoke", id);
  return { revoked: id };
});
