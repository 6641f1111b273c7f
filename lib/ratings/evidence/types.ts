// The evidence behind one board: audit probes, each with the bar it is held to (arenakit's practice), so a reader
// can see whether the board's order rests on the votes or on a convention, a few voters or a few sessions.

/** The probes, in the order every board lists them. */
export const PROBE_IDS = [
  "position_bias",
  "tie_convention",
  "intransitivity",
  "concentration",
  "first_vote",
  "families",
] as const;
export type ProbeId = (typeof PROBE_IDS)[number];

export interface RankMove {
  /** the ranked model that moved most between the board's plain fit and the probe's refit */
  model: string;
  /** places it moved in the order by score (positive: up) */
  places: number;
}

export interface Probe {
  id: ProbeId;
  /** true: the bar is crossed; false: it is not; null: the probe does not apply (e.g. no voter ids) */
  fired: boolean | null;
  /** the stated bar, in words */
  bar: string;
  /** what was measured, in words */
  finding: string;
  /** the probe's figures (shares, counts, moves), for the API and the panel */
  figures: Record<string, unknown>;
}

export interface Evidence {
  probes: Probe[];
}

/** Places for the tie convention, a refit of the same votes under another model: no sampling noise between the two
 * fits, so any change of order is the convention's (a grid of designs moved at most one place, and only between
 * near-equal neighbours). The probes that refit part of the votes are held to the rank spread instead. */
export const TIE_MOVE_BAR = 1;
