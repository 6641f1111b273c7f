import { audit, providerInput, saveProvider } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";

/** Adds or edits a provider (upsert by id). */
export function POST(request: Request) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const db = getDb();
    const input = await readJson(request, providerInput);
    const provider = await saveProvider(db, input);
    await audit(db, admin, "provider.save", provider.id, input);
    return Response.json({ provider });
  });
}
