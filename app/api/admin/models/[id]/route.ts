import { modelPatch, updateModel } from "@/lib/admin";
import { staffRoute } from "@/lib/auth/session";

export const PATCH = staffRoute("admin", modelPatch, async ({ db, input, params, audit }) => {
  const model = await updateModel(db, params.id ?? "", input);
  await audit("model.update", model.id, input);
  return { model };
});
