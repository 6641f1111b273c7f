// The live draw: which two models a battle gets, by the configured policy, over the models that may battle now
// (enabled, not in an outage, weight above 0, reading images when the prompt has one, within their daily budget).
// Returns the pair with the probability of drawing it, recorded with the battle so analyses can weight by it.
import { type Candidate, NoPairError } from "./fastchat";
import { ADAPTIVE_DEFAULTS, type BoardState, drawPair, type PairingPolicy, pairDistribution } from "./policy";

/**
 * The image types the draw stratifies by, as the categories name them (the rules labeller reads them from the
 * prompt before any answer): documents and screenshots are read (ocr), charts and diagrams are diagram, photos are
 * captioned or have their entities named. The first that applies is the battle's stratum.
 */
export const IMAGE_STRATA_ORDER = ["ocr", "diagram", "entity_recognition", "captioning"] as const;

export interface DrawnPair {
  pair: [string, string];
  policy: PairingPolicy;
  /** the probability of drawing this unordered pair under the policy at this moment */
  probability: number;
}

export interface LiveDraw {
  policy: PairingPolicy;
  /** the adaptive draw's uniform floor */
  exploration: number;
  hasImage: boolean;
  /** models past their daily budget (lib/budgets) */
  overBudget: ReadonlySet<string>;
  /** the board's state and listing threshold; needed by `adaptive` only */
  board?: { state: BoardState; listingVotes: number };
  /** the battle's image type when its prompt tells (imageStratum) */
  stratum?: string;
  rand?: () => number;
}

/** The models a battle may draw now. */
export function battlePool(candidates: Candidate[], draw: Pick<LiveDraw, "hasImage" | "overBudget">): Candidate[] {
  return candidates.filter(
    (m) => m.enabled && !m.outage && m.weight > 0 && (!draw.hasImage || m.vision) && !draw.overBudget.has(m.id),
  );
}

/** The image type of a battle from its first prompt's categories (rules labeller), in IMAGE_STRATA_ORDER. */
export function imageStratum(labels: Record<string, boolean>): string | undefined {
  return IMAGE_STRATA_ORDER.find((stratum) => labels[stratum]);
}

export function drawLivePair(candidates: Candidate[], draw: LiveDraw): DrawnPair {
  const pool = battlePool(candidates, draw);
  if (pool.length < 2) {
    throw new NoPairError(
      draw.hasImage
        ? "fewer than two vision models are available right now"
        : "fewer than two models are available right now",
    );
  }
  const board = draw.board ?? { state: { models: new Map() }, listingVotes: ADAPTIVE_DEFAULTS.placementVotes };
  const settings = {
    ...ADAPTIVE_DEFAULTS,
    exploration: draw.exploration,
    // live, a model leaves placement when the board lists it, overall and on its image type's board
    placementVotes: board.listingVotes,
    stratumVotes: board.listingVotes,
  };
  const distribution = pairDistribution(pool, board.state, draw.policy, settings, draw.stratum);
  const { pair, probability } = drawPair(distribution, draw.rand);
  return { pair, policy: draw.policy, probability };
}
