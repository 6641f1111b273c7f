import { getDb } from "@/lib/db";
import { citedJson, handle } from "@/lib/http";
import { servedCategories } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    const db = getDb();
    return citedJson(
      db,
      { categories: await servedCategories(db) },
      { headers: { "Cache-Control": "public, max-age=60" } },
    );
  });
}
