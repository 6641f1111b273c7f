// Two probes of who cast the votes (the voter is the battle's `judge`: FastChat's field, the visitor on live boards).
// Concentration: the share of votes from the top 1% of voters, and the largest move of a ranked model when their
// votes are left out. First votes: only the first vote of each session (a voter's votes with less than 30 minutes
// between them), the one least shaped by what the voter saw before; the largest move when the board keeps only those.
// A refit on part of the votes moves every score a little: a probe fires when a ranked model lands outside the range
// of ranks its intervals allow on the board (its rank spread), not on any move of a place.
import type { BattleTable } from "../battle-table";
import type { ModelRating } from "../leaderboard";
import { largestMove, type OutsideSpread, outsideSpread, plainScores } from "./order";
import type { Probe, RankMove } from "./types";

/** The share of votes from the top 1% of voters above which a board leans on a few voters, whatever the refit says. */
export const CONCENTRATION_BAR = 0.25;
export const SESSION_GAP_SECONDS = 30 * 60;

const percent = (v: number) => `${(100 * v).toFixed(1)}%`;
const moved = (move: RankMove | null, outside: OutsideSpread[]) => {
  const largest =
    move && move.places !== 0
      ? `${move.model} moves ${Math.abs(move.places)} place${Math.abs(move.places) === 1 ? "" : "s"} ${move.places > 0 ? "up" : "down"}`
      : "no ranked model moves";
  const first = outside[0];
  return first
    ? `${largest}; ${outside.length} land${outside.length === 1 ? "s" : ""} outside the ranks their intervals allow (${first.model}: ${first.place}, allowed ${first.spread[0]}–${first.spread[1]})`
    : `${largest}, within the ranks the intervals allow`;
};
const SPREAD_BAR = "puts a ranked model outside the range of ranks its intervals allow on the board";

/** The rows by voter (rows with no known voter left out). */
function rowsByVoter(table: BattleTable, rows: Uint32Array): Map<number, number[]> {
  const by = new Map<number, number[]>();
  for (const r of rows) {
    const judge = table.judge[r] as number;
    if (judge < 0) continue;
    const list = by.get(judge);
    if (list) list.push(r);
    else by.set(judge, [r]);
  }
  return by;
}

export async function concentration(
  table: BattleTable,
  rows: Uint32Array,
  models: readonly ModelRating[],
  plain: Map<string, number>,
): Promise<Probe> {
  const bar = `the top 1% of voters cast more than ${percent(CONCENTRATION_BAR)} of the votes, or leaving them out ${SPREAD_BAR}`;
  const ranked = models.filter((m) => m.ranked).map((m) => m.model);
  const by = rowsByVoter(table, rows);
  const known = [...by.values()].reduce((n, list) => n + list.length, 0);
  if (by.size === 0)
    return { id: "concentration", fired: null, bar, finding: "the battles name no voter", figures: { voters: 0 } };
  const voters = [...by.entries()].sort((x, y) => y[1].length - x[1].length);
  const top = voters.slice(0, Math.max(1, Math.ceil(voters.length / 100)));
  const left = new Set(top.flatMap(([, list]) => list));
  const share = left.size / known;
  const refit = await plainScores(table, Uint32Array.from([...rows].filter((r) => !left.has(r))));
  const move = largestMove(ranked, plain, refit);
  const outside = outsideSpread(models, refit);
  return {
    id: "concentration",
    fired: share > CONCENTRATION_BAR || outside.length > 0,
    bar,
    finding:
      share >= 1
        ? `the top ${top.length} of ${voters.length} voters cast every vote: there is no board without them`
        : `the top ${top.length} of ${voters.length} voters cast ${percent(share)} of the votes; without them ${moved(move, outside)}`,
    figures: { voters: voters.length, topVoters: top.length, share, largestMove: move, outside },
  };
}

export async function firstVotes(
  table: BattleTable,
  rows: Uint32Array,
  models: readonly ModelRating[],
  plain: Map<string, number>,
): Promise<Probe> {
  const bar = `keeping only each session's first vote ${SPREAD_BAR}`;
  const ranked = models.filter((m) => m.ranked).map((m) => m.model);
  const by = rowsByVoter(table, rows);
  const timed = [...by.values()].every((list) => list.every((r) => Number.isFinite(table.tstamp[r])));
  if (by.size === 0 || !timed)
    return { id: "first_vote", fired: null, bar, finding: "the battles name no voter or no time", figures: {} };
  const first: number[] = [];
  let sessions = 0;
  for (const list of by.values()) {
    const sorted = [...list].sort((x, y) => (table.tstamp[x] as number) - (table.tstamp[y] as number));
    let last = Number.NEGATIVE_INFINITY;
    for (const r of sorted) {
      const at = table.tstamp[r] as number;
      if (at - last > SESSION_GAP_SECONDS) {
        first.push(r);
        sessions++;
      }
      last = at;
    }
  }
  const refit = await plainScores(table, Uint32Array.from(first.sort((x, y) => x - y)));
  const move = largestMove(ranked, plain, refit);
  const outside = outsideSpread(models, refit);
  return {
    id: "first_vote",
    fired: outside.length > 0,
    bar,
    finding: `${sessions} sessions' first votes of ${rows.length}: ${moved(move, outside)}`,
    figures: { sessions, votes: first.length, largestMove: move, outside },
  };
}
