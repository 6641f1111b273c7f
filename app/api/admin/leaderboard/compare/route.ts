import { staffRoute } from "@/lib/auth/session";
import { InvalidInput } from "@/lib/errors";
import { searchParams } from "@/lib/http";
import { compareRuns } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/** One board of two runs side by side: ?a=RUN&b=RUN[&category=...&style=1]. */
export const GET = staffRoute("admin", async ({ db, request }) => {
  const q = searchParams(request);
  const a = q.get("a");
  const b = q.get("b");
  if (!a || !b) throw new InvalidInput("invalid_request", "name two runs: ?a=RUN&b=RUN");
  return compareRuns(db, a, b, { category: q.get("category") ?? "overall", styleControl: q.get("style") === "1" });
});
