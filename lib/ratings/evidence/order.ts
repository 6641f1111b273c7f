// The order by score of a set of models, fitted again on some of a board's battles (plain Bradley–Terry, no
// intervals): how the probes see whether a convention or a subset of the votes changes who stands where.
import type { BattleTable } from "../battle-table";
import { computeLeaderboard } from "../leaderboard";
import type { RankMove } from "./types";

/** Scores of a plain fit on `rows`; empty when the rows hold no battle. */
export async function plainScores(table: BattleTable, rows: Uint32Array): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const board = await computeLeaderboard(table, rows, { ci: "none" });
  return new Map(board.models.map((m) => [m.model, m.rating]));
}

/** Each model's place (0 = first) in the order of `scores`, among `models` that have a score. */
export function placesOf(models: readonly string[], scores: Map<string, number>): Map<string, number> {
  const order = models
    .filter((m) => scores.has(m))
    .sort((x, y) => (scores.get(y) as number) - (scores.get(x) as number));
  return new Map(order.map((m, i) => [m, i]));
}

/** The largest move of a model between two orders of the same models (null when none is in both). */
export function largestMove(
  models: readonly string[],
  before: Map<string, number>,
  after: Map<string, number>,
): RankMove | null {
  const common = models.filter((m) => before.has(m) && after.has(m));
  const from = placesOf(common, before);
  const to = placesOf(common, after);
  let best: RankMove | null = null;
  for (const model of common) {
    const places = (from.get(model) as number) - (to.get(model) as number);
    if (!best || Math.abs(places) > Math.abs(best.places)) best = { model, places };
  }
  return best;
}
