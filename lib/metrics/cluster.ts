// Metrics of every web process on this machine in one answer. `npm start` runs several web processes sharing a port
// (scripts/web-cluster.cjs): a scrape reaches one of them, which asks the primary; the primary gathers each worker's
// registry as JSON and sums them (prom-client's AggregatorRegistry). A process outside a cluster answers alone.
import cluster from "node:cluster";
import crypto from "node:crypto";
import { metrics } from "./registry.mjs";

export const ASK = "arena:metrics-ask";
export const ANSWER = "arena:metrics-answer";
const WAIT_MS = 3_000;

/** The Prometheus text of this process, or of every web process of its cluster. */
export async function processMetricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return metrics().registry.metrics();
  const id = crypto.randomUUID();
  return new Promise<string>((resolve) => {
    const timer = setTimeout(() => {
      process.off("message", listen);
      // the primary did not answer (an older primary, a busy one): this process's own figures
      void metrics().registry.metrics().then(resolve);
    }, WAIT_MS);
    const listen = (message: unknown) => {
      const m = message as { type?: string; id?: string; text?: string };
      if (m?.type !== ANSWER || m.id !== id || typeof m.text !== "string") return;
      clearTimeout(timer);
      process.off("message", listen);
      resolve(m.text);
    };
    process.on("message", listen);
    process.send?.({ type: ASK, id });
  });
}
