import { providerInput, saveProvider } from "@/lib/admin";
import { staffRoute } from "@/lib/auth/session";

/** Adds or edits a provider (upsert by id). */
export const POST = staffRoute("admin", providerInput, async ({ db, input, audit }) => {
  const provider = await saveProvider(db, input);
  await audit("provider.save", provider.id, input);
  return { provider };
});
