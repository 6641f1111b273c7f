// The drift alarm's statistics: a one-sided two-proportion z-test of "this canary run scored below the model's own
// baseline" (pooled standard error, as the textbook test), and the simulation that measures what the rule's nominal
// level really gives over many models and runs — with a few dozen items the test is discrete, so the measured rate,
// not the nominal one, is what docs/statistics.md states.
import { errorFunction } from "simple-statistics";
import { binomial, createRandom } from "../numeric";

export interface Proportion {
  correct: number;
  total: number;
}

/** P(Z ≥ z) for a standard normal Z, from the error function (absolute error below 1.2e-7: ample at α ≥ 1e-5). */
export const upperTail = (z: number): number => Math.min(1, Math.max(0, 0.5 * (1 - errorFunction(z / Math.SQRT2))));

/**
 * One-sided p-value of H₀ "latest ≥ baseline" against "latest < baseline". 1 when either side is empty or the pooled
 * proportion is 0 or 1 (both all wrong or all right: nothing fell).
 */
export function dropPValue(baseline: Proportion, latest: Proportion): number {
  if (baseline.total === 0 || latest.total === 0) return 1;
  const pooled = (baseline.correct + latest.correct) / (baseline.total + latest.total);
  const variance = pooled * (1 - pooled) * (1 / baseline.total + 1 / latest.total);
  if (variance <= 0) return 1;
  const z = (baseline.correct / baseline.total - latest.correct / latest.total) / Math.sqrt(variance);
  return upperTail(z);
}

export type DriftStatus = "baseline" | "steady" | "alarm" | "low";

/**
 * The rule, run by run: below the baseline at level `alpha` raises an alarm, unless the previous run was already
 * below (then it is "low": one alarm per fall, not one per day of it); a run that is not below re-arms it.
 */
export function nextStatus(pValue: number, alpha: number, previous: DriftStatus | null): DriftStatus {
  if (pValue >= alpha) return "steady";
  return previous === "alarm" || previous === "low" ? "low" : "alarm";
}

/** The rule's settings a simulation runs: items per slice, baseline runs, the level, and the seed. */
interface RuleSettings {
  items: number;
  baselineRuns: number;
  alpha: number;
  seed: number;
}

export interface FalseAlarmInput extends RuleSettings {
  accuracy: number;
  runs: number;
  /** simulated models (each a baseline and `runs` tested runs at the same true accuracy) */
  models: number;
}

/** A model's baseline: its first runs pooled, each item right with probability `p`. */
function drawBaseline(settings: RuleSettings, p: number, rand: () => number): Proportion {
  const baseline = { correct: 0, total: settings.items * settings.baselineRuns };
  for (let r = 0; r < settings.baselineRuns; r++) baseline.correct += binomial(settings.items, p, rand);
  return baseline;
}

export interface FalseAlarmSimulation extends Omit<FalseAlarmInput, "seed"> {
  /** alarms per tested run: the per-test false-alarm rate */
  perRun: number;
  /** the share of models raising at least one alarm over their `runs` runs */
  perModel: number;
}

/**
 * Models that never change (every canary item right with the same probability on every run), put through the rule:
 * how often it cries wolf. Seeded, so the numbers in docs/statistics.md are reproduced by `npm run bench:drift`.
 */
export function simulateFalseAlarms(input: FalseAlarmInput): FalseAlarmSimulation {
  const rand = createRandom(input.seed, 71);
  let alarms = 0;
  let modelsAlarmed = 0;
  for (let m = 0; m < input.models; m++) {
    const baseline = drawBaseline(input, input.accuracy, rand);
    let previous: DriftStatus | null = "steady";
    let raised = false;
    for (let r = 0; r < input.runs; r++) {
      const latest = { correct: binomial(input.items, input.accuracy, rand), total: input.items };
      previous = nextStatus(dropPValue(baseline, latest), input.alpha, previous);
      if (previous === "alarm") {
        alarms++;
        raised = true;
      }
    }
    if (raised) modelsAlarmed++;
  }
  const { seed: _seed, ...settings } = input;
  return {
    ...settings,
    perRun: alarms / (input.models * input.runs),
    perModel: modelsAlarmed / input.models,
  };
}

/** The share of runs alarmed when the model really fell from `from` to `to` (the rule's power at that drop). */
export function simulatePower(input: RuleSettings & { from: number; to: number; trials: number }): number {
  const rand = createRandom(input.seed, 72);
  let alarmed = 0;
  for (let t = 0; t < input.trials; t++) {
    const baseline = drawBaseline(input, input.from, rand);
    const latest = { correct: binomial(input.items, input.to, rand), total: input.items };
    if (dropPValue(baseline, latest) < input.alpha) alarmed++;
  }
  return alarmed / input.trials;
}
