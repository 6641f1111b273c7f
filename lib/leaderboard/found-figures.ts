// What a live board's run finds after the boards are published, from each board's point fit: every ranked model's
// fragility (lib/ratings/fragility.ts, listed as the board lists it) and the board's evidence panel
// (lib/ratings/evidence: who is ranked and the ratings from the point fit, the intervals and ranks the families probe
// counts again from the published figures). Written into the snapshot together, its `fragilityPending` mark gone.
import type { BattleTable } from "../ratings/battle-table";
import { boardEvidence } from "../ratings/evidence";
import type { Leaderboard } from "../ratings/leaderboard";
import { type BoardMethod, listedFigures } from "./board-method";
import type { SnapshotPayload } from "./snapshot-payload";

export async function withFoundFigures(
  table: BattleTable,
  rows: Uint32Array,
  point: Leaderboard,
  published: SnapshotPayload,
  listing: { method: BoardMethod; retired: ReadonlySet<string> },
): Promise<SnapshotPayload> {
  const found = new Map(
    point.models.map((m) => [m.model, listedFigures(m, listing.method, listing.retired).fragility] as const),
  );
  const { fragilityPending: _, ...payload } = published;
  payload.models = payload.models.map((m) => ({ ...m, fragility: found.get(m.model) ?? null }));
  const shown = new Map(payload.models.map((m) => [m.model, m]));
  const models = point.models.map((m) => {
    const figures = shown.get(m.model);
    return figures ? { ...m, ciLower: figures.ciLower, ciUpper: figures.ciUpper, rank: figures.rank ?? m.rank } : m;
  });
  return { ...payload, evidence: await boardEvidence(table, rows, models) };
}
