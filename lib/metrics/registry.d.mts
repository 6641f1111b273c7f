import type { IncomingMessage, ServerResponse } from "node:http";
import client from "prom-client";

export interface ArenaMetrics {
  registry: client.Registry;
  httpRequests: client.Counter<"route" | "method" | "status">;
  httpSeconds: client.Histogram<"route">;
  battlesOpened: client.Counter<"mode" | "model">;
  answers: client.Counter<"model" | "outcome" | "error">;
  firstToken: client.Histogram<"model">;
  answerSeconds: client.Histogram<"model">;
  votes: client.Counter<"result" | "reason">;
  imageVerdicts: client.Counter<"verdict" | "source">;
  imageWait: client.Histogram<string>;
  imageQueue: client.Gauge<string>;
  pool: client.Gauge<"state">;
}
export function metrics(): ArenaMetrics;
/** A metric of `kind` in `registers`, declared in one line. */
export function declare<K extends "Counter" | "Gauge" | "Histogram">(
  kind: K,
  registers: client.Registry[],
  name: string,
  help: string,
  labelNames?: string[],
  extra?: Record<string, unknown>,
): InstanceType<(typeof client)[K]>;
export function routePattern(url: string | undefined, status: number): string;
export function observeRequest(req: IncomingMessage, res: ServerResponse): void;
export { client };
/** The build's routes: from then on requests are labelled with their route's pattern or `unmatched`. */
export function knowRoutes(
  manifest: { staticRoutes?: { page: string }[]; dynamicRoutes?: { page: string; regex: string }[] },
  publicNames?: string[],
): void;
/** A label value capped at `max` distinct values (then `other`). */
export function boundedLabel(label: string, value: string, max?: number): string;
