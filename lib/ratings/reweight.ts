// arena-rank's inverse-frequency reweighting (`reweighted=True`, LMArena's default since 2025): every battle of a
// pair of models weighs 1 / max(that pair's battle count, 50), so that the few pairs a live arena samples most do not
// decide the board. Weights are scaled to a mean of 1 per battle, as arena-rank's ContextualPairDataset does; the
// plain fit (no penalty) and the sandwich intervals do not depend on that scale.
import type { PairwiseData } from "./types";

export const MIN_PAIR_COUNT = 50;

/** A weight per row of `data`, each row standing for `multiplicity[row]` battles (all 1 when omitted). */
export function inversePairWeights(
  data: PairwiseData,
  multiplicity?: Float64Array,
  minPairCount = MIN_PAIR_COUNT,
): Float64Array {
  const M = data.nModels;
  const rows = data.a.length;
  const pairCounts = new Float64Array(M * M);
  const key = (i: number) => {
    const a = data.a[i] as number;
    const b = data.b[i] as number;
    return a < b ? a * M + b : b * M + a;
  };
  const many = (i: number) => (multiplicity ? (multiplicity[i] as number) : 1);
  for (let i = 0; i < rows; i++) pairCounts[key(i)] = (pairCounts[key(i)] as number) + many(i);
  const weights = new Float64Array(rows);
  let battles = 0;
  let weighted = 0;
  for (let i = 0; i < rows; i++) {
    weights[i] = 1 / Math.max(pairCounts[key(i)] as number, minPairCount);
    battles += many(i);
    weighted += many(i) * (weights[i] as number);
  }
  const scale = weighted > 0 ? battles / weighted : 1;
  for (let i = 0; i < rows; i++) weights[i] = (weights[i] as number) * scale;
  return weights;
}
