import { getDb } from "@/lib/db";
import { citedJson, handle } from "@/lib/http";
import { pickableModels } from "@/lib/providers";

export const dynamic = "force-dynamic";

/** The models a visitor can pick for direct chat and named side-by-side. */
export function GET() {
  return handle(async () => {
    const db = getDb();
    return citedJson(db, { models: await pickableModels(db.prisma) });
  });
}
