import { getDb } from "@/lib/db";
import { InvalidInput, NotFound } from "@/lib/errors";
import { handle, searchParams } from "@/lib/http";
import { EXTRAS, type Extra, leaderboardResponse } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/**
 * The published (else latest) leaderboard: JSON in the `arena leaderboard --format json` field names, or CSV.
 * `include=matrices,summary` adds the pair matrices and the run's per-category summary; `board=composite` serves the
 * composite board (human votes and the benchmarks' ground truth, lib/leaderboard/composite-run.ts) instead.
 */
export function GET(request: Request) {
  return handle(async () => {
    const query = searchParams(request);
    const category = query.get("category") ?? "overall";
    const style = query.get("style") ?? "0";
    const format = query.get("format") ?? "json";
    const board = query.get("board") ?? "live";
    if (board !== "live" && board !== "composite") {
      throw new InvalidInput("invalid_board", "board must be live or composite");
    }
    if (board === "composite" && category !== "overall") {
      throw new InvalidInput("invalid_board", "the composite board is overall only");
    }
    if (style !== "0" && style !== "1") throw new InvalidInput("invalid_style", "style must be 0 or 1");
    if (format !== "json" && format !== "csv") throw new InvalidInput("invalid_format", "format must be json or csv");
    const include = (query.get("include") ?? "").split(",").filter(Boolean);
    const unknown = include.filter((e) => !(EXTRAS as readonly string[]).includes(e));
    if (unknown.length) {
      throw new InvalidInput("invalid_include", `include takes ${EXTRAS.join(", ")}; not ${unknown.join(", ")}`);
    }
    const built = await leaderboardResponse(getDb(), {
      source: board,
      category,
      styleControl: style === "1",
      format,
      include: include as Extra[],
    });
    if (!built) {
      throw new NotFound(
        "no_leaderboard",
        board === "composite"
          ? "no composite board yet: it needs benchmark verdicts with a weight above 0"
          : `no leaderboard for category '${category}' yet`,
      );
    }
    const headers = {
      ETag: built.etag,
      "Cache-Control": "public, max-age=60, stale-while-revalidate=300",
      "Last-Modified": built.lastModified,
    };
    if (request.headers.get("if-none-match") === built.etag) return new Response(null, { status: 304, headers });
    return new Response(built.body, { headers: { ...headers, "Content-Type": built.contentType } });
  });
}
