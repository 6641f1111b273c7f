import { getDb } from "@/lib/db";
import { handle, searchParams } from "@/lib/http";
import { historyQuery } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/**
 * A board over time: `?model=ID` gives that model's score, interval, rank and votes at every recompute; without it,
 * every model's rank. The default board is overall with style control (`style=0` for the plain one).
 */
export function GET(request: Request) {
  return handle(async () =>
    Response.json(await historyQuery(getDb(), searchParams(request)), {
      headers: { "Cache-Control": "public, max-age=60" },
    }),
  );
}
