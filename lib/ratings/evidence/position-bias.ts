// Position bias: the sides are assigned at random, so among decisive votes side A should win half the time. A share
// whose 95% interval leaves out one half says voters (or the page) favour a side.
import { wilsonInterval } from "../../numeric";
import type { BattleTable } from "../battle-table";
import { OUTCOME } from "../types";
import type { Probe } from "./types";

export function positionBias(table: BattleTable, rows: Uint32Array): Probe {
  let a = 0;
  let b = 0;
  for (const r of rows) {
    if (table.outcome[r] === OUTCOME.modelA) a++;
    else if (table.outcome[r] === OUTCOME.modelB) b++;
  }
  const decisive = a + b;
  const [lower, upper] = wilsonInterval(a, decisive);
  const share = decisive ? a / decisive : Number.NaN;
  const percent = (v: number) => `${(100 * v).toFixed(1)}%`;
  return {
    id: "position_bias",
    fired: decisive === 0 ? null : lower > 0.5 || upper < 0.5,
    bar: "the 95% interval of side A's share of decisive votes leaves out 50%",
    finding:
      decisive === 0
        ? "no decisive vote"
        : `side A won ${percent(share)} of ${decisive} decisive votes (95% interval ${percent(lower)}–${percent(upper)})`,
    figures: { sideA: a, sideB: b, share, interval: [lower, upper] },
  };
}
