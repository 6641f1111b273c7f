// The order by score of a set of models, fitted again on some of a board's battles (plain Bradley–Terry, no
// intervals): how the probes see whether a convention or a subset of the votes changes who stands where.
import type { BattleTable } from "../battle-table";
import { computeLeaderboard, type ModelRating } from "../leaderboard";
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

export interface OutsideSpread {
  model: string;
  /** its place in the refit among the ranked models of its group (1 = first) */
  place: number;
  /** the ranks its intervals allow on the board */
  spread: [number, number];
}

/**
 * The ranked models whose place in a refit on part of the votes falls outside the range of ranks their intervals
 * allow on the board (its rank spread): a move that noise alone would not make. The rest of the votes moves every
 * score a little; a move within the spread is that.
 */
export function outsideSpread(models: readonly ModelRating[], refit: Map<string, number>): OutsideSpread[] {
  const ranked = models.filter((m) => m.ranked && m.rankSpread && refit.has(m.model));
  const outside: OutsideSpread[] = [];
  for (const m of ranked) {
    const score = refit.get(m.model) as number;
    const place =
      1 + ranked.filter((o) => o.component === m.component && (refit.get(o.model) as number) > score).length;
    const spread = m.rankSpread as [number, number];
    if (place < spread[0] || place > spread[1]) outside.push({ model: m.model, place, spread });
  }
  return outside;
}
