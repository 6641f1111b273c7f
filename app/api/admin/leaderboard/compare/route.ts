import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { InvalidInput, NotFound } from "@/lib/errors";
import { handle, searchParams } from "@/lib/http";
import { compareRuns } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/** One board of two runs side by side: ?a=RUN&b=RUN[&category=...&style=1]. */
export function GET(request: Request) {
  return handle(async () => {
    await requireRole("admin");
    const q = searchParams(request);
    const a = q.get("a");
    const b = q.get("b");
    if (!a || !b) throw new InvalidInput("invalid_request", "name two runs: ?a=RUN&b=RUN");
    return Response.json(
      await compareRuns(getDb(), a, b, {
        category: q.get("category") ?? "overall",
        styleControl: q.get("style") === "1",
      }),
    );
  });
}
