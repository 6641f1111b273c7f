// The point fit of one board: plain Bradley–Terry on aggregated rows (finite by a small ridge when the data make
// the maximum-likelihood ratings infinite) or style-controlled on battles, with what its bootstrap needs.
import type { BattleTable } from "./battle-table";
import { type BootstrapJob, recentre } from "./bootstrap";
import { connectedComponents, identifiability } from "./graph";
import { type FitSettings, fitPairwise, type PairwiseData } from "./pairwise-fit";
import { aggregatePlain, type LocalModels, styleProblem } from "./problems";
import { inversePairWeights } from "./reweight";
import { BASE, FINITE_RIDGE, NoBattlesError, STYLE_L2 } from "./scale";
import { STYLE_FEATURES, type StyleFeature } from "./types";

const ALPHA = Math.log(BASE);

function firstOfEachComponent(label: Int32Array): Int32Array {
  const seen = new Set<number>();
  const pinned: number[] = [];
  for (let m = 0; m < label.length; m++) {
    if (!seen.has(label[m] as number)) {
      seen.add(label[m] as number);
      pinned.push(m);
    }
  }
  return Int32Array.from(pinned);
}

export interface Fitted {
  data: PairwiseData;
  /** each row's weight in the loss: its battle count, times its pair weight when reweighted */
  weights: Float64Array;
  /** each row's weight in the sandwich's gradient outer products: count × pair weight² (= weights unless reweighted) */
  outerWeights: Float64Array;
  settings: FitSettings;
  theta: Float64Array;
  components: Int32Array;
  componentCount: number;
  battles: number;
  job: Omit<BootstrapJob, "seed">;
}

/** The loss weights and the sandwich's outer-product weights of rows standing for `counts` battles each. */
function rowWeightsOf(data: PairwiseData, counts: Float64Array, reweighted: boolean) {
  if (!reweighted) return { weights: counts, outerWeights: counts, pairWeights: undefined };
  const pairWeights = inversePairWeights(data, counts);
  // one battle a row (a style board's): the weights are the pair weights, bit for bit (1 × w = w), so they share
  // the array (nothing writes either in place): 80 MB a style board thread at 10M battles
  const weights = counts.every((c) => c === 1) ? pairWeights : counts.map((c, i) => c * (pairWeights[i] as number));
  const outerWeights = counts.map((c, i) => c * (pairWeights[i] as number) ** 2);
  return { weights, outerWeights, pairWeights };
}

/** A fit's result and the bootstrap job that refits it on resamples, warm-started from its parameters. */
function fitted(
  data: PairwiseData,
  rowWeights: ReturnType<typeof rowWeightsOf>,
  settings: FitSettings,
  theta: Float64Array,
  components: { label: Int32Array; count: number },
  battles: number,
  resampling: Pick<BootstrapJob, "kind" | "counts" | "components" | "finiteRidge">,
): Fitted {
  const { weights, outerWeights, pairWeights } = rowWeights;
  return {
    data,
    weights,
    outerWeights,
    settings,
    theta,
    components: components.label,
    componentCount: components.count,
    battles,
    job: { data, settings, init: theta, ...resampling, ...(pairWeights ? { rowWeights: pairWeights } : {}) },
  };
}

export function fitPlain(
  table: BattleTable,
  rows: Uint32Array,
  models: LocalModels,
  warnings: string[],
  reweighted = false,
): Fitted {
  const { data, counts } = aggregatePlain(table, rows, models);
  const rowWeights = rowWeightsOf(data, counts, reweighted);
  const { weights } = rowWeights;
  const { label, count } = connectedComponents(data.nModels, data.a, data.b);
  const check = identifiability(data.nModels, data.a, data.b, data.y);
  let l2 = 0;
  if (!check.finite) {
    l2 = FINITE_RIDGE;
    const names = (list: number[]) => list.map((m) => models.names[m]).join(", ");
    if (check.neverLost.length)
      warnings.push(`never lost a battle, so its rating is not bounded above: ${names(check.neverLost)}`);
    if (check.neverWon.length)
      warnings.push(`never won a battle, so its rating is not bounded below: ${names(check.neverWon)}`);
    warnings.push(
      `the data do not determine finite maximum-likelihood ratings; a small ridge penalty (${FINITE_RIDGE}) keeps them finite`,
    );
  }
  const settings: FitSettings = { alpha: ALPHA, l2, pinned: firstOfEachComponent(label) };
  const { theta } = fitPairwise(data, weights, settings);
  recentre(theta, label);
  return fitted(data, rowWeights, settings, theta, { label, count }, rows.length, {
    kind: "multinomial",
    counts,
    components: label,
    finiteRidge: FINITE_RIDGE,
  });
}

export function fitStyle(
  table: BattleTable,
  rows: Uint32Array,
  models: LocalModels,
  warnings: string[],
  features: readonly StyleFeature[] = STYLE_FEATURES,
  reweighted = false,
): Fitted {
  const problem = styleProblem(table, rows, models, features);
  const counts = features.includes("specificity") ? "style and entity counts" : "style counts";
  if (problem.rows.length === 0)
    throw new NoBattlesError(`style control needs ${counts} (conv_metadata), and no battle has them`);
  if (problem.dropped > 0)
    warnings.push(`${problem.dropped} battles without ${counts} were left out of the style-controlled fit`);
  problem.stds.forEach((std, f) => {
    if (std === 0)
      warnings.push(`the style feature '${features[f]}' is constant in these battles; its coefficient is 0`);
  });
  const { data } = problem;
  const { label, count } = connectedComponents(data.nModels, data.a, data.b);
  const rowWeights = rowWeightsOf(data, new Float64Array(data.a.length).fill(1), reweighted);
  const settings: FitSettings = { alpha: ALPHA, l2: STYLE_L2, pinned: new Int32Array(0) };
  const { theta } = fitPairwise(data, rowWeights.weights, settings);
  return fitted(data, rowWeights, settings, theta, { label, count }, problem.rows.length, { kind: "resample" });
}
