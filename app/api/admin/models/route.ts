import { createModel, listModelsForAdmin, modelInput } from "@/lib/admin";
import { staffRoute } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const GET = staffRoute("admin", ({ db }) => listModelsForAdmin(db));

export const POST = staffRoute("admin", modelInput, async ({ db, input, audit }) => {
  const model = await createModel(db, input);
  await audit("model.create", model.id, input);
  return Response.json({ model }, { status: 201 });
});
