// What the adaptive policy knows of the board at draw time: each model's counted battles, its strength and standard
// error from the current overall board, and its battles on each image-type board. Read from the served snapshot
// (the per-instance cache pages read), never refitted per battle: the draw depends only on votes already counted.
import type { Db } from "../../db/context";
import { LISTING_MIN_VOTES, type SnapshotPayload, servedSnapshot } from "../../leaderboard";
import { SCALE } from "../../ratings/scale";
import { IMAGE_STRATA_ORDER } from "./live";
import type { BoardState, ModelState } from "./policy";

/** Elo points per natural log-odds unit (400 / ln 10): the boards' scale. */
const POINTS_PER_NAT = SCALE / Math.LN10;
/** the 95% interval's half-width in standard errors */
const Z95 = 1.959964;

/** The board state of a snapshot payload, and its listing threshold (the votes a model needs to be ranked). */
export function boardStateFrom(payload: Pick<SnapshotPayload, "models" | "summary" | "method">): {
  state: BoardState;
  listingVotes: number;
} {
  const strata = new Map<string, Record<string, number>>();
  for (const summary of payload.summary ?? []) {
    if (!(IMAGE_STRATA_ORDER as readonly string[]).includes(summary.category)) continue;
    for (const [model, votes] of Object.entries(summary.votes)) {
      const own = strata.get(model) ?? {};
      own[summary.category] = votes;
      strata.set(model, own);
    }
  }
  const models = new Map<string, ModelState>();
  for (const entry of payload.models) {
    const interval = entry.ciUpper - entry.ciLower;
    // a preliminary model has no interval: the policy treats it as unknown (and places it)
    const fitted = !entry.preliminary && Number.isFinite(entry.rating) && Number.isFinite(interval) && interval > 0;
    models.set(entry.model, {
      battles: entry.votes,
      theta: Number.isFinite(entry.rating) ? entry.rating / POINTS_PER_NAT : null,
      se: fitted ? interval / (2 * Z95) / POINTS_PER_NAT : null,
      strata: strata.get(entry.model) ?? {},
    });
  }
  return { state: { models }, listingVotes: payload.method?.minVotes ?? LISTING_MIN_VOTES };
}

/** The live board's state (overall, without style control), or an empty one before the first board. */
export async function liveBoardState(db: Db): Promise<{ state: BoardState; listingVotes: number }> {
  const snapshot = await servedSnapshot(db, "overall", false);
  if (!snapshot) return { state: { models: new Map() }, listingVotes: LISTING_MIN_VOTES };
  return boardStateFrom(snapshot.payload);
}
