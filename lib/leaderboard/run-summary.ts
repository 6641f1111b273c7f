// A recompute run's outcome, board by board: what each board came to (fitted, reused, or failed), and the run's
// summary of every category that the overall board carries (lib/leaderboard/recompute.ts runs the boards).
import type { BattleTable } from "../ratings/battle-table";
import { OUTCOME } from "../ratings/types";
import type { CategorySummary, SnapshotPayload } from "./serve";

export type Job = { category: string; styleControl: boolean };

export interface FittedBoard {
  digest: string;
  payload: SnapshotPayload;
  /** the snapshot whose board this is, when its input had not changed */
  reusedFrom?: string;
}

export type BoardOutcome = FittedBoard | { error: string };

export interface FailedBoard {
  category: string;
  styleControl: boolean;
  error: string;
}

export type FinishedBoard = { category: string; styleControl: boolean; outcome: FittedBoard };

/** What summarise reads of a run's plan. */
export interface RunOutcomes {
  jobs: Job[];
  outcomes: Map<Job, BoardOutcome>;
  selected: Map<string, Uint32Array>;
  table: BattleTable;
  params: Record<string, unknown>;
}

/**
 * The boards that were computed, and the run's summary of every category (ranks with and without style control,
 * votes, "both are bad" battles), kept on the overall board. A board that failed is recorded with the run, never
 * hidden and never hiding the others.
 */
export function summarise(plan: RunOutcomes, result: { failed: FailedBoard[] }): FinishedBoard[] {
  const boards: FinishedBoard[] = [];
  const summaries = new Map<string, CategorySummary>();
  for (const job of plan.jobs) {
    const { category, styleControl } = job;
    const outcome = plan.outcomes.get(job);
    if (!outcome) continue;
    if ("error" in outcome) {
      result.failed.push({ category, styleControl, error: outcome.error });
      continue;
    }
    boards.push({ category, styleControl, outcome });
    const { payload } = outcome;
    const rows = plan.selected.get(category) as Uint32Array;
    const summary = summaries.get(category) ?? {
      category,
      battles: rows.length,
      bothBad: rows.reduce((n, r) => n + Number(plan.table.outcome[r] === OUTCOME.bothBad), 0),
      ranks: {},
      votes: {},
    };
    // the category summaries (Figs. 5–8) keep each model's place by point, ranked or not
    const ranks = Object.fromEntries(payload.models.map((m, k) => [m.model, m.rank ?? k + 1]));
    if (styleControl) {
      summary.styleRanks = ranks;
      summary.styleCoefficients = payload.styleCoefficients;
    } else {
      summary.ranks = ranks;
      summary.votes = Object.fromEntries(payload.models.map((m) => [m.model, m.votes]));
    }
    summaries.set(category, summary);
  }
  if (result.failed.length) plan.params.failedBoards = result.failed;
  const overall = boards.find((b) => b.category === "overall" && !b.styleControl);
  if (overall) overall.outcome.payload.summary = [...summaries.values()];
  return boards;
}
