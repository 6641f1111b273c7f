// lib/metrics: Prometheus metrics (registry.mjs, shared with the front door) and the scrape (GET /api/metrics).
// Features record through the functions here, so label names and values stay in one place.
import { metrics } from "./registry.mjs";

export { requireMetricsToken, scrapeMetrics } from "./scrape";

export function countConversationOpened(mode: string, models: (string | null | undefined)[]): void {
  const m = metrics();
  for (const model of models) if (model) m.battlesOpened.inc({ mode, model });
}

/** An answer's end: finished (or cut at its length), stopped by the visitor, or failed with an error kind. */
export function observeAnswer(
  model: string,
  outcome: { finishReason?: string | null; errorCode?: string | null; firstTokenMs: number | null; totalMs: number },
): void {
  const m = metrics();
  const failed = Boolean(outcome.errorCode);
  const stopped = outcome.finishReason === "stopped";
  m.answers.inc({
    model,
    outcome: failed ? "failed" : stopped ? "stopped" : "finished",
    error: failed ? String(outcome.errorCode) : "none",
  });
  if (outcome.firstTokenMs !== null) m.firstToken.observe({ model }, outcome.firstTokenMs / 1000);
  m.answerSeconds.observe({ model }, outcome.totalMs / 1000);
}

export function countVote(exclusionReasons: string[]): void {
  const m = metrics();
  if (exclusionReasons.length === 0) m.votes.inc({ result: "counted", reason: "none" });
  for (const reason of exclusionReasons) m.votes.inc({ result: "excluded", reason });
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
