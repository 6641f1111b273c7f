// Intransitive cycles: Bradley–Terry orders the models on one line, which a cycle (A beats B, B beats C, C beats A)
// contradicts. Among ranked models, a cycle counts only beyond noise: each of its three head-to-head records won by
// a share of decisive votes whose 95% interval is above one half.
import { wilsonInterval } from "../../numeric";
import type { BattleTable } from "../battle-table";
import { OUTCOME } from "../types";
import type { Probe } from "./types";

/** A cycle's models, each beating the next (the last beating the first). */
export type Cycle = [string, string, string];

const MAX_LISTED = 5;

export function intransitivity(table: BattleTable, rows: Uint32Array, ranked: readonly string[]): Probe {
  const at = new Map(ranked.map((m, i) => [m, i]));
  const M = ranked.length;
  const beat = Array.from({ length: M }, () => new Float64Array(M));
  for (const r of rows) {
    const a = at.get(table.models[table.a[r] as number] as string);
    const b = at.get(table.models[table.b[r] as number] as string);
    if (a === undefined || b === undefined) continue;
    const outcome = table.outcome[r];
    if (outcome === OUTCOME.modelA) (beat[a] as Float64Array)[b] = ((beat[a] as Float64Array)[b] as number) + 1;
    else if (outcome === OUTCOME.modelB) (beat[b] as Float64Array)[a] = ((beat[b] as Float64Array)[a] as number) + 1;
  }
  // i → j: i won its decisive votes against j beyond noise
  const edge = (i: number, j: number) => {
    const won = (beat[i] as Float64Array)[j] as number;
    const lost = (beat[j] as Float64Array)[i] as number;
    return won + lost > 0 && wilsonInterval(won, won + lost)[0] > 0.5;
  };
  const cycles: Cycle[] = [];
  let count = 0;
  for (let i = 0; i < M; i++)
    for (let j = i + 1; j < M; j++)
      for (let k = j + 1; k < M; k++) {
        // the two orientations of a triangle: i → j → k → i, or i → k → j → i
        const found =
          edge(i, j) && edge(j, k) && edge(k, i)
            ? [i, j, k]
            : edge(i, k) && edge(k, j) && edge(j, i)
              ? [i, k, j]
              : null;
        if (!found) continue;
        count++;
        if (cycles.length < MAX_LISTED) cycles.push(found.map((m) => ranked[m] as string) as Cycle);
      }
  return {
    id: "intransitivity",
    fired: count > 0,
    bar: "three ranked models beat each other in a circle, each head-to-head won beyond its 95% interval",
    finding:
      count === 0
        ? `no cycle beyond noise among ${M} ranked models`
        : `${count} cycle${count === 1 ? "" : "s"} beyond noise, e.g. ${(cycles[0] as Cycle).join(" > ")} > ${(cycles[0] as Cycle)[0]}`,
    figures: { ranked: M, cycles: count, examples: cycles },
  };
}
