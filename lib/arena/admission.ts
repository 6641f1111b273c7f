// Admission for uploads (a new battle's or a follow-up's images), decided before a byte of the body is read:
//   - work and memory: one web process handles at most ARENA_UPLOADS_IN_FLIGHT uploads at once (their bodies read,
//     images normalised, stored and classified), holding at most ARENA_UPLOAD_MB_IN_FLIGHT of bodies (each counted
//     at its declared length, or at the upload ceiling when it is sent chunked), with ARENA_UPLOADS_QUEUE more
//     waiting for a place;
//   - one visitor: at most ARENA_UPLOADS_PER_VISITOR bodies at once (429 past it);
//   - the work ahead: the uploads with images admitted and not done × this process's measured pace of finishing one
//     once its body is in (images normalised, stored and classified, the battle written: busy time per completion,
//     ./busy-pace.ts), plus what the image classifier has queued, must stay within ARENA_UPLOAD_WAIT_MS. Measured,
//     not a fixed count, so a slower or busier machine admits fewer (issue 41: with places and queue alone, 32 of a
//     burst of 120 were let in, and they opened in 0.9 s p99 here, 1.1–1.6 s in CI). The body's transfer is left
//     out of the pace: one slow visitor's connection says nothing of what the machine can do.
// Past any bound the request is refused at once with 503 `busy` and a Retry-After, rather than every visitor
// waiting behind a burst (issue 41: 100 concurrent battles with image safety on opened in 3.3 s p50 for everyone;
// 8 concurrent 60 MB bodies from one visitor took the votes to 5.8 s).
import { config } from "../config";
import { DomainError, RateLimited } from "../errors";
import { classifierLoad } from "../image-safety";
import { BusyPace } from "./busy-pace";

class Busy extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super("unavailable", "busy", message, retryAfterSeconds);
  }
}

const BUSY_MESSAGE = "The arena is very busy right now; please send your images again in a moment.";
const MB = 1024 * 1024;

interface Waiter {
  bytes: number;
  admit: () => void;
  timer: NodeJS.Timeout;
}

const state = {
  /** bytes reserved by the bodies being read (and their images being stored and classified) */
  bytes: 0,
  /** uploads holding a place */
  reading: 0,
  /** uploads admitted and not released, for the classifier's projection */
  admitted: 0,
  waiting: [] as Waiter[],
  perVisitor: new Map<string, number>(),
};

/**
 * An upload's place. `bodyRead` once its body is in (the pace is measured from there); `release` when it is done,
 * whatever happened (a second call does nothing).
 */
export interface Admission {
  bodyRead(): void;
  release(): void;
}

/**
 * Until an upload is measured: what one with a 1 MB picture took here alone from its body to its answer (normalised,
 * stored, classified, written; bench:image-safety's 53.5 ms for the first two, rounded down as a burst shares it).
 */
const UNMEASURED_MS = 45;
const processing = new BusyPace(UNMEASURED_MS);

/** How long an upload with images admitted now would wait for the work ahead of it, in milliseconds. */
function projectedWaitMs(classifierOn: boolean): number {
  const queued = classifierOn ? classifierLoad().waitMs : 0;
  return queued + state.admitted * processing.msPerItem;
}

/** Whether one more upload of `bytes` fits: a place, and the bytes (a body larger than the budget gets in alone). */
const fitsNow = (bytes: number, places: number, budget: number) =>
  state.reading < places && (state.bytes === 0 || state.bytes + bytes <= budget);

/** Lets in the waiting uploads that now fit, in order. */
function admitWaiting(places: number, budget: number) {
  while (state.waiting.length > 0) {
    const next = state.waiting[0] as Waiter;
    if (!fitsNow(next.bytes, places, budget)) return;
    state.waiting.shift();
    clearTimeout(next.timer);
    next.admit();
  }
}

/** An upload as admission sees it: whether its body may hold images, and the bytes it is counted at. */
export interface UploadSize {
  images: boolean;
  bytes: number;
}

/**
 * The refusal `visitorId`'s upload would meet now, before any wait: 429 `uploads_in_flight` past the visitor's own
 * cap, else 503 `busy` for the work ahead or a full queue; undefined when it would get a place or a turn in the queue.
 * Only this process's counters are read, so the front door can ask before the request is anything more than its
 * headers (lib/http/busy-uploads.ts).
 */
export function refusalNow(visitorId: string, options: UploadSize, c = config()): DomainError | undefined {
  if ((state.perVisitor.get(visitorId) ?? 0) >= c.ARENA_UPLOADS_PER_VISITOR)
    return new RateLimited(
      "uploads_in_flight",
      "You are already sending images; wait until they have arrived before sending more.",
      1,
    );
  if (options.images) {
    const wait = projectedWaitMs(c.ARENA_NSFW_CHECK);
    if (wait > c.ARENA_UPLOAD_WAIT_MS) return new Busy(BUSY_MESSAGE, Math.max(1, Math.ceil(wait / 1000)));
  }
  const fits = fitsNow(options.bytes, c.ARENA_UPLOADS_IN_FLIGHT, c.ARENA_UPLOAD_MB_IN_FLIGHT * MB);
  if (!fits && state.waiting.length >= c.ARENA_UPLOADS_QUEUE) return new Busy(BUSY_MESSAGE, 1);
  return undefined;
}

/**
 * A place to read an upload's body of `bytes` (its declared length, or the ceiling when unknown). `images`: whether
 * the body may hold images (a preset's battle does not). Throws 429 `uploads_in_flight` or 503 `busy` (with
 * Retry-After) at once; an upload that waits for a place and does not get it within ARENA_UPLOAD_WAIT_MS is
 * refused the same way.
 */
export async function admitUpload(visitorId: string, options: UploadSize): Promise<Admission> {
  const c = config();
  const refused = refusalNow(visitorId, options, c);
  if (refused) throw refused;
  const own = state.perVisitor.get(visitorId) ?? 0;
  const budget = c.ARENA_UPLOAD_MB_IN_FLIGHT * MB;
  const places = c.ARENA_UPLOADS_IN_FLIGHT;
  const fits = fitsNow(options.bytes, places, budget);
  // counted before any wait, so one visitor's concurrent bodies cannot all pass the check above
  state.perVisitor.set(visitorId, own + 1);
  state.admitted++;
  const leave = () => {
    state.admitted--;
    const left = (state.perVisitor.get(visitorId) ?? 1) - 1;
    if (left > 0) state.perVisitor.set(visitorId, left);
    else state.perVisitor.delete(visitorId);
  };
  if (fits) {
    state.bytes += options.bytes;
    state.reading++;
  } else
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        bytes: options.bytes,
        admit: () => {
          state.bytes += options.bytes;
          state.reading++;
          resolve();
        },
        timer: setTimeout(
          () => {
            state.waiting.splice(state.waiting.indexOf(waiter), 1);
            leave();
            reject(new Busy(BUSY_MESSAGE, 1));
          },
          Math.max(100, c.ARENA_UPLOAD_WAIT_MS),
        ),
      };
      state.waiting.push(waiter);
    });
  let released = false;
  let processed: (() => void) | undefined;
  return {
    bodyRead() {
      if (options.images && !released) processed ??= processing.start();
    },
    release() {
      if (released) return;
      released = true;
      processed?.();
      leave();
      state.bytes -= options.bytes;
      state.reading--;
      admitWaiting(places, budget);
    },
  };
}

/** Places taken, bytes reserved, uploads admitted and uploads waiting, for tests and /metrics. */
export const uploadAdmission = () => ({
  reading: state.reading,
  megabytes: Math.round((state.bytes / MB) * 10) / 10,
  admitted: state.admitted,
  waiting: state.waiting.length,
});
