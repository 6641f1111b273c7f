// The tie convention: the board counts a tie as half a win each (FastChat's); Davidson's model treats ties as
// evidence of their own. If refitting with it changes the ranked models' order, the order depends on how ties are
// read.
import type { BattleTable } from "../battle-table";
import { OUTCOME } from "../types";
import { fitDavidson, type PairCounts } from "./davidson";
import { largestMove } from "./order";
import { type Probe, TIE_MOVE_BAR } from "./types";

function pairCounts(table: BattleTable, rows: Uint32Array) {
  const local = new Map<number, number>();
  const names: string[] = [];
  const pairs = new Map<number, PairCounts>();
  const index = (global: number) => {
    let m = local.get(global);
    if (m === undefined) {
      m = names.length;
      local.set(global, m);
      names.push(table.models[global] as string);
    }
    return m;
  };
  let ties = 0;
  for (const r of rows) {
    const [x, y] = [index(table.a[r] as number), index(table.b[r] as number)];
    const [i, j, swapped] = x < y ? [x, y, false] : [y, x, true];
    const key = i * 1_000_003 + j;
    let pair = pairs.get(key);
    if (!pair) {
      pair = { i, j, wins: 0, losses: 0, ties: 0 };
      pairs.set(key, pair);
    }
    const outcome = table.outcome[r];
    if (outcome === OUTCOME.modelA || outcome === OUTCOME.modelB) {
      const aWon = outcome === OUTCOME.modelA;
      if (aWon !== swapped) pair.wins++;
      else pair.losses++;
    } else {
      pair.ties++;
      ties++;
    }
  }
  return { names, pairs: [...pairs.values()], ties };
}

export function tieConvention(
  table: BattleTable,
  rows: Uint32Array,
  ranked: readonly string[],
  plain: Map<string, number>,
): Probe {
  const bar = "refitting with Davidson's model of ties changes the order of the ranked models (a model moves a place)";
  const { names, pairs, ties } = pairCounts(table, rows);
  if (ties === 0)
    return {
      id: "tie_convention",
      fired: false,
      bar,
      finding: "no ties: both conventions give the same fit",
      figures: { ties },
    };
  const { theta, logNu } = fitDavidson(names.length, pairs);
  const davidson = new Map(names.map((name, m) => [name, theta[m] as number]));
  const move = largestMove(ranked, plain, davidson);
  return {
    id: "tie_convention",
    fired: move !== null && Math.abs(move.places) >= TIE_MOVE_BAR,
    bar,
    finding:
      move && move.places !== 0
        ? `with ties as evidence of their own (Davidson, ν = ${Math.exp(logNu).toFixed(2)}), ${move.model} moves ${Math.abs(move.places)} place${Math.abs(move.places) === 1 ? "" : "s"} ${move.places > 0 ? "up" : "down"}`
        : `with ties as evidence of their own (Davidson, ν = ${Math.exp(logNu).toFixed(2)}), no ranked model moves`,
    figures: { ties, nu: Math.exp(logNu), largestMove: move },
  };
}
