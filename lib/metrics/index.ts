// lib/metrics: Prometheus metrics (registry.mjs, shared with the front door) and the scrape (GET /api/metrics).
// Features record through the functions here, so label names and values stay in one place.
import { boundedLabel, metrics } from "./registry.mjs";

export { requireMetricsToken, scrapeMetrics } from "./scrape";

export function countConversationOpened(mode: string, models: (string | null | undefined)[]): void {
  const m = metrics();
  for (const model of models) if (model) m.battlesOpened.inc({ mode, model: boundedLabel("model", model) });
}

/** An answer's end: finished (or cut at its length), stopped by the visitor, or failed with an error kind. */
export function observeAnswer(
  model: string,
  outcome: { finishReason?: string | null; errorCode?: string | null; firstTokenMs: number | null; totalMs: number },
): void {
  const m = metrics();
  model = boundedLabel("model", model);
  const failed = Boolean(outcome.errorCode);
  const stopped = outcome.finishReason === "stopped";
  m.answers.inc({
    model,
    outcome: failed ? "failed" : stopped ? "stopped" : "finished",
    error: failed ? boundedLabel("error", String(outcome.errorCode), 50) : "none",
  });
  if (outcome.firstTokenMs !== null) m.firstToken.observe({ model }, outcome.firstTokenMs / 1000);
  m.answerSeconds.observe({ model }, outcome.totalMs / 1000);
}

/**
 * A vote, counted or excluded with its reasons. With a demo board on (ARENA_LEADERBOARD_INCLUDE_DEMO) a demo
 * battle's vote builds that board: counted, not excluded for being a demo.
 */
export function countVote(exclusionReasons: string[], options: { demoBoard?: boolean } = {}): void {
  const m = metrics();
  const reasons = options.demoBoard ? exclusionReasons.filter((r) => r !== "demo") : exclusionReasons;
  if (reasons.length === 0) m.votes.inc({ result: "counted", reason: "none" });
  for (const reason of reasons) m.votes.inc({ result: "excluded", reason });
}

export function countImageVerdict(flagged: boolean, source: string | undefined): void {
  metrics().imageVerdicts.inc({ verdict: flagged ? "flagged" : "clear", source: source ?? "none" });
}

export function observeImageQueue(waitMs: number, waiting: number): void {
  const m = metrics();
  m.imageWait.observe(waitMs / 1000);
  m.imageQueue.set(waiting);
}

export function setImageQueueLength(waiting: number): void {
  metrics().imageQueue.set(waiting);
}
