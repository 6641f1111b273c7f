// Answering the latest prompt: both sides stream at once (./answer-side), each side's answer, with what we measured
// about it, stored whether it finished or failed (./answer-record); events go to the browser as NDJSON lines. The
// sides to answer are claimed first (./turn-claim). While answers are written, a heartbeat tells the database so.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { Side } from "../generated/prisma/enums";
import { answerSide } from "./answer-side";
import type { TurnEvent } from "./events";
import { ANSWER_HEARTBEAT_MS } from "./history";
import { stopWriting } from "./stops";
import type { TurnPlan } from "./turn-claim";

export type { TurnEvent } from "./events";
export { prepareTurn, type TurnPlan } from "./turn-claim";

/**
 * Tells the database, every few seconds, that these answers are still being written (see STALE_ANSWER_MS), and
 * learns of a Stop received by another instance.
 */
function startHeartbeat(db: Db, plan: TurnPlan): () => void {
  const ids = plan.targets.map((t) => t.messageId);
  const timer = setInterval(() => {
    db.pool
      .query<{ messageId: string }>(
        sql`WITH beat AS (
           UPDATE "ResponseMeta" SET "heartbeatAt" = now()
            WHERE "messageId" = ANY(${ids}::uuid[]) AND "finishReason" IS NULL AND error IS NULL
           RETURNING "messageId", "stopRequestedAt")
         SELECT "messageId" FROM beat WHERE "stopRequestedAt" IS NOT NULL`,
      )
      // a Stop another instance received: read back here, so it takes at most one heartbeat
      .then(({ rows }) => stopWriting(rows.map((r) => r.messageId)))
      .catch(() => undefined); // a missed heartbeat only makes the answer look stale sooner
  }, ANSWER_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** How long deltas after a side's first one may wait to be sent together (fewer, larger writes under load). */
const COALESCE_MS = 40;

/**
 * Runs the planned answers concurrently and streams their events as NDJSON. A side's first delta goes out at
 * once; later ones are gathered for a few milliseconds, which keeps the CPU cost per token low when many battles
 * stream at the same time. The answers are finished and stored even if the browser goes away.
 */
export function streamTurn(db: Db, plan: TurnPlan): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (events: TurnEvent[]) => {
        if (!open || events.length === 0) return;
        try {
          controller.enqueue(encoder.encode(events.map((e) => `${JSON.stringify(e)}\n`).join("")));
        } catch {
          open = false;
        }
      };
      const pending = new Map<Side, string>();
      const started = new Set<Side>();
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        timer = null;
        const events: TurnEvent[] = [...pending].map(([side, text]) => ({ type: "delta", side, text }));
        pending.clear();
        write(events);
      };
      const emit = (event: TurnEvent) => {
        if (event.type === "delta") {
          if (!started.has(event.side)) {
            started.add(event.side);
            write([event]);
            return;
          }
          pending.set(event.side, (pending.get(event.side) ?? "") + event.text);
          timer ??= setTimeout(flush, COALESCE_MS);
          return;
        }
        if (timer) clearTimeout(timer);
        flush();
        write([event]);
      };
      const stopHeartbeat = startHeartbeat(db, plan);
      void Promise.all(plan.targets.map((target) => answerSide(db, plan, target, emit))).finally(() => {
        stopHeartbeat();
        emit({ type: "end" });
        if (open) controller.close();
        open = false;
      });
    },
    cancel() {
      open = false;
    },
  });
}
