import { revokeApiToken } from "@/lib/auth";
import { staffRoute } from "@/lib/auth/session";
import { NotFound } from "@/lib/errors";

export const DELETE = staffRoute("researcher", async ({ db, params, user, audit }) => {
  const id = params.id ?? "";
  if (!(await revokeApiToken(db, id, user.id))) throw new NotFound("unknown_token", "no such active token of yours");
  await audit("token.revoke", id);
  return { revoked: id };
});
