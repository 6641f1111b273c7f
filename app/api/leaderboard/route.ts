import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/route";
import { currentSnapshot } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The published (else latest) leaderboard: JSON in the `arena leaderboard --format json` field names, or CSV. */
export function GET(request: Request) {
  return handle(async () => {
    const url = new URL(request.url);
    const category = url.searchParams.get("category") ?? "overall";
    const style = url.searchParams.get("style") ?? "0";
    const format = url.searchParams.get("format") ?? "json";
    if (style !== "0" && style !== "1") throw new ApiError(400, "invalid_style", "style must be 0 or 1");
    if (format !== "json" && format !== "csv") throw new ApiError(400, "invalid_format", "format must be json or csv");
    const snapshot = await currentSnapshot(getDb(), category, style === "1");
    if (!snapshot) throw new ApiError(404, "no_leaderboard", `no leaderboard for category '${category}' yet`);
    const etag = `${snapshot.etag.slice(0, -1)}-${format}"`;
    const headers = {
      ETag: etag,
      "Cache-Control": "public, max-age=60, stale-while-revalidate=300",
      "Last-Modified": snapshot.createdAt.toUTCString(),
    };
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    const { payload } = snapshot;
    if (format === "csv") {
      const lines = [
        "rank,model,display_name,rating,ci_lower,ci_upper,votes,win_rate,organization,license,provisional",
      ];
      for (const m of payload.models) {
        lines.push(
          [
            m.rank,
            m.model,
            m.displayName,
            m.rating,
            m.ciLower,
            m.ciUpper,
            m.votes,
            m.winRate,
            m.organization,
            m.license,
            m.provisional,
          ]
            .map((v) => csvCell(v as string | number | null))
            .join(","),
        );
      }
      return new Response(`${lines.join("\n")}\n`, {
        headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" },
      });
    }
    return Response.json(
      {
        category: snapshot.category,
        styleControl: snapshot.styleControl,
        snapshotTime: snapshot.createdAt.toISOString(),
        voteCount: snapshot.voteCount,
        published: snapshot.published,
        ...payload,
      },
      { headers },
    );
  });
}
