import { getDb } from "@/lib/db";
import { citedJson, handle, searchParams } from "@/lib/http";
import { historyQuery } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/**
 * A board over time: `?model=ID` gives that model's score, interval, rank and votes at every recompute; without it,
 * every model's rank. The default board is overall with style control (`style=0` for the plain one).
 */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    const history = await historyQuery(db, searchParams(request));
    return citedJson(db, history, { asOf: history.asOf, headers: { "Cache-Control": "public, max-age=60" } });
  });
}
