import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";
import { servedCategories } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () =>
    Response.json(
      { categories: await servedCategories(getDb()) },
      { headers: { "Cache-Control": "public, max-age=60" } },
    ),
  );
}
