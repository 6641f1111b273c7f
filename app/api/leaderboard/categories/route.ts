import { getDb } from "@/lib/db";
import { handle } from "@/lib/http/route";
import { snapshotCategories } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () =>
    Response.json(
      { categories: await snapshotCategories(getDb()) },
      { headers: { "Cache-Control": "public, max-age=60" } },
    ),
  );
}
