/** FastChat's winner values; `both_bad` (arena-human-preference-140k) is read as "tie (bothbad)". */
export type Winner = "model_a" | "model_b" | "tie" | "tie (bothbad)";

/** Outcome codes kept in a BattleTable: ordered so that code / 2 is the score of model A for the two wins. */
export const OUTCOME = { modelB: 0, tie: 1, modelA: 2, bothBad: 3 } as const;
export type OutcomeCode = (typeof OUTCOME)[keyof typeof OUTCOME];

/** Score of model A: 1 win, 0 loss, 0.5 for both kinds of tie (as every reference implementation does). */
export const OUTCOME_SCORE: readonly number[] = [0, 0.5, 1, 0.5];

export const WINNER_CODE: Record<Winner, OutcomeCode> = {
  model_b: OUTCOME.modelB,
  tie: OUTCOME.tie,
  model_a: OUTCOME.modelA,
  "tie (bothbad)": OUTCOME.bothBad,
};
export const CODE_WINNER: readonly Winner[] = ["model_b", "tie", "model_a", "tie (bothbad)"];

/** The four style features of FastChat's STYLE_CONTROL_ELEMENTS_V1, in order: what style control means by default. */
export const STYLE_FEATURES = ["tokens", "headers", "lists", "bold"] as const;
/** Every feature a style-controlled fit can take: FastChat's four and VisionArena's specificity (§4.4: the number
 *  of named entities in each answer). */
export const ALL_STYLE_FEATURES = [...STYLE_FEATURES, "specificity"] as const;
export type StyleFeature = (typeof ALL_STYLE_FEATURES)[number];
/** The groups `--style-features` names: length (tokens), markdown (headers, lists, bold), specificity. */
export const STYLE_GROUPS = {
  length: ["tokens"],
  markdown: ["headers", "lists", "bold"],
  specificity: ["specificity"],
} as const satisfies Record<string, readonly StyleFeature[]>;
export type StyleGroup = keyof typeof STYLE_GROUPS;

/** The features of the named groups, in ALL_STYLE_FEATURES' order. */
export function styleFeaturesOf(groups: readonly StyleGroup[]): StyleFeature[] {
  const wanted = new Set<StyleFeature>(groups.flatMap((g) => STYLE_GROUPS[g]));
  return ALL_STYLE_FEATURES.filter((f) => wanted.has(f));
}

/** Style counts of both answers: [tokensA, headersA, listsA, boldA, tokensB, headersB, listsB, boldB]. */
export type StyleCounts = readonly [number, number, number, number, number, number, number, number];

/** One battle, as read from a file or the database. */
export interface Battle {
  modelA: string;
  modelB: string;
  winner: Winner;
  anony?: boolean;
  language?: string;
  turn?: number;
  tstamp?: number;
  judge?: string;
  questionId?: string;
  isPreset?: boolean;
  isRefusal?: boolean;
  /** named entities in each answer (summed over turns): [A, B], for the specificity feature */
  entities?: readonly [number, number];
  /** FastChat's dedup_tag */
  dedup?: { highFreq?: boolean; sampled?: boolean };
  /** names of the category tags that are true for this battle */
  categories?: string[];
  style?: StyleCounts;
}

/** Battles as the fit reads them: one row per battle (models a and b, a's score, the style features). */
export interface PairwiseData {
  nModels: number;
  nFeatures: number;
  a: Int32Array;
  b: Int32Array;
  /** score of model a: 1, 0.5 or 0 */
  y: Float64Array;
  /** row-major features, rows × nFeatures (empty when nFeatures = 0) */
  x: Float64Array;
}

/** How a board's intervals are computed: the bootstrap (FastChat's), the sandwich estimator, or none. */
export type CiMethod = "bootstrap" | "sandwich" | "none";

/**
 * One pass over the battles of a Newton step: the gradient added into g and the Hessian into H (n = models +
 * features wide); with `known`, each row's probability is read from it (rowTerms at theta) rather than computed.
 */
export type HessianPass = (
  data: PairwiseData,
  weights: Float64Array,
  theta: Float64Array,
  alpha: number,
  known: Float64Array | null,
  g: Float64Array,
  H: Float64Array,
) => void;
