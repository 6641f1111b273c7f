import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { citedJson, handle, searchParams } from "@/lib/http";
import { isLocale, translator } from "@/lib/i18n";
import { leaderboardCharts, snapshotById, withPairMatrices } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

/**
 * The charts of one board, as data (lib/leaderboard/charts.ts), by snapshot id: `snapshot` is the board the page
 * showed, `summary` the overall board whose run summary feeds the cross-category charts, `pairs` the plain board
 * whose battle and win-fraction matrices a style-controlled board borrows; `locale` the language of the titles
 * and legends (English by default, an unknown one too). Snapshots never change, so the answer is cached for good.
 */
export function GET(request: Request) {
  return handle(async () => {
    const query = searchParams(request);
    const db = getDb();
    const id = query.get("snapshot") ?? "";
    const summaryId = query.get("summary");
    const pairsId = query.get("pairs");
    const locale = query.get("locale");
    const t = translator(isLocale(locale) ? locale : "en");
    const [snapshot, overall, pairs] = await Promise.all([
      snapshotById(db, id),
      summaryId ? snapshotById(db, summaryId) : Promise.resolve(null),
      pairsId ? snapshotById(db, pairsId) : Promise.resolve(null),
    ]);
    if (!snapshot) throw new NotFound("no_snapshot", `no leaderboard snapshot '${id}'`);
    if (summaryId && !overall) throw new NotFound("no_snapshot", `no leaderboard snapshot '${summaryId}'`);
    if (pairsId && !pairs) throw new NotFound("no_snapshot", `no leaderboard snapshot '${pairsId}'`);
    return citedJson(
      db,
      { snapshotId: snapshot.id, charts: leaderboardCharts(withPairMatrices(snapshot, pairs), overall, t) },
      { asOf: snapshot.createdAt, headers: { "Cache-Control": "public, max-age=31536000, immutable" } },
    );
  });
}
