import { providerInput, saveProvider } from "@/lib/admin/models";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http/route";

/** Adds or edits a provider (upsert by id). */
export function POST(request: Request) {
  return handle(async () => {
    await requireRole("admin");
    return Response.json({ provider: await saveProvider(getDb(), await readJson(request, providerInput)) });
  });
}
