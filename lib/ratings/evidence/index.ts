// The evidence panel of a board (issue 68): six audit probes, each with its stated bar. Computed from the board's
// battles and its fitted models; the refits are plain Bradley–Terry point fits (no intervals), compared with the
// plain fit of the same battles, so a style-controlled board's probes read the same votes as its plain twin.
import type { BattleTable } from "../battle-table";
import type { ModelRating } from "../leaderboard";
import { families } from "./families";
import { intransitivity } from "./intransitivity";
import { plainScores } from "./order";
import { positionBias } from "./position-bias";
import { tieConvention } from "./tie-convention";
import type { Evidence } from "./types";
import { concentration, firstVotes } from "./voters";

export { fitDavidson } from "./davidson";
export { familyOf } from "./families";
export type { Evidence, Probe, ProbeId, RankMove } from "./types";
export { PROBE_IDS, TIE_MOVE_BAR } from "./types";
export { CONCENTRATION_BAR, SESSION_GAP_SECONDS } from "./voters";

export async function boardEvidence(
  table: BattleTable,
  rows: Uint32Array,
  models: readonly ModelRating[],
): Promise<Evidence> {
  const ranked = models.filter((m) => m.ranked).map((m) => m.model);
  const plain = await plainScores(table, rows);
  return {
    probes: [
      positionBias(table, rows),
      tieConvention(table, rows, ranked, plain),
      intransitivity(table, rows, ranked),
      await concentration(table, rows, models, plain),
      await firstVotes(table, rows, models, plain),
      families(models),
    ],
  };
}
