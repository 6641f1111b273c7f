import { getDb } from "@/lib/db";
import { searchParams } from "@/lib/http/body";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/route";
import { leaderboardCharts, servedSnapshot } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/** The charts of the served board, as data (lib/leaderboard/charts.ts): the page loads them as they scroll in. */
export function GET(request: Request) {
  return handle(async () => {
    const query = searchParams(request);
    const category = query.get("category") ?? "overall";
    const style = query.get("style") ?? "0";
    if (style !== "0" && style !== "1") throw new ApiError(400, "invalid_style", "style must be 0 or 1");
    const db = getDb();
    const [snapshot, overall] = await Promise.all([
      servedSnapshot(db, category, style === "1"),
      servedSnapshot(db, "overall", false),
    ]);
    if (!snapshot) throw new ApiError(404, "no_leaderboard", `no leaderboard for category '${category}' yet`);
    const etag = `"c${snapshot.etag.slice(1, -1)}${overall?.etag.slice(1, 9) ?? ""}"`;
    const headers = { ETag: etag, "Cache-Control": "public, max-age=60, stale-while-revalidate=300" };
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    return Response.json({ snapshotId: snapshot.id, charts: leaderboardCharts(snapshot, overall) }, { headers });
  });
}
