import { revokeApiToken } from "@/lib/auth";
import { NotFound } from "@/lib/errors";
import { staffRoute } from "@/lib/auth/session";

export const DELETE = staffRoute("admin", async ({ db, params, audit }) => {
  const id = params.id ?? "";
  if (!(await revokeApiToken(db, id))) throw new NotFound("unknown_token", "no such active token");
  await audit("token.revoke", id);
  return { revoked: id };
});
