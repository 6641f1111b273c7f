// lib/drift: the drift watch. Fixed canary slices of the ground-truth benchmarks (./canary), run on a schedule against
// every listed model with pinned settings (./watch), each run tested against the model's own baseline (./checks,
// ./two-proportion), read back per model and per benchmark (./history), beside a time-split fit of the human votes
// against anchors that did not change (./human-periods). docs/statistics.md states the alarm's false-alarm rate.
export {
  CANARY_SOURCE,
  CanaryError,
  type CanarySlice,
  canarySetName,
  canarySlices,
  chooseCanarySlice,
  DEFAULT_CANARY_SIZE,
} from "./canary";
export {
  type AlarmSink,
  type DriftAlarm,
  type DriftCheckResult,
  type DriftRule,
  recordDriftCheck,
  webhookSink,
} from "./checks";
export {
  type DriftOverview,
  type DriftPoint,
  type DriftSeries,
  type DriftState,
  driftHistory,
  driftOverview,
  driftQuery,
  latestDriftStates,
  type ModelDrift,
  modelDrift,
} from "./history";
export {
  fitPeriods,
  HUMAN_PERIODS_KIND,
  humanPeriodsSchedule,
  humanSplit,
  type PeriodFits,
  type PeriodScore,
  storedPeriodFits,
} from "./human-periods";
export {
  type DriftStatus,
  dropPValue,
  type FalseAlarmSimulation,
  nextStatus,
  simulateFalseAlarms,
  simulatePower,
  upperTail,
} from "./two-proportion";
export { canarySettings, driftSchedule, queueDueCanaryRuns, runCanary, type WatchSettings } from "./watch";
