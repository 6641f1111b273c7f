// Admission for uploads (a new battle's or a follow-up's images): a bounded number of bodies read at once per web
// process, a bounded queue before them, a cap per visitor, and the image classifier's own queue. Past any bound the
// request is refused at once — 503 with Retry-After, or 429 for one visitor's excess — before a byte of its body
// is read, rather than every visitor waiting behind a burst (issue 41: 100 concurrent battles with image safety on
// opened in 3.3 s p50 for everyone; 8 concurrent 60 MB bodies from one visitor took the votes to 5.8 s).
import { config } from "../config";
import { DomainError, RateLimited } from "../errors";
import { classifierLoad } from "../image-safety";

class Busy extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super("unavailable", "busy", message, retryAfterSeconds);
  }
}

const BUSY_MESSAGE = "The arena is very busy right now; please send your images again in a moment.";

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const state = {
  reading: 0,
  waiting: [] as Waiter[],
  perVisitor: new Map<string, number>(),
};

/** What holding an admission costs the caller: give it back when the body is read and its images classified. */
export type Release = () => void;

/**
 * A place to read an upload's body. Refused at once when the visitor already sends ARENA_UPLOADS_PER_VISITOR
 * bodies (429), when the classifier's queue would make this upload wait longer than ARENA_CLASSIFIER_WAIT_MS, or
 * when ARENA_UPLOADS_IN_FLIGHT bodies are being read and ARENA_UPLOADS_QUEUE more wait (503, Retry-After); a
 * waiting upload that does not get a place within the classifier wait budget is refused the same way.
 */
export async function admitUpload(
  visitorId: string,
  options: { images: boolean } = { images: true },
): Promise<Release> {
  const c = config();
  const own = state.perVisitor.get(visitorId) ?? 0;
  if (own >= c.ARENA_UPLOADS_PER_VISITOR)
    throw new RateLimited(
      "uploads_in_flight",
      "You are already sending images; wait until they have arrived before sending more.",
      1,
    );
  // a body without images (a preset's battle, a text follow-up) costs the classifier nothing; one with images will
  // queue behind what the classifier has and behind the uploads admitted before it and not queued yet (a burst
  // arrives before any of its images reaches the classifier), counted at one image each
  const wait = options.images ? projectedWaitMs() : 0;
  if (wait > c.ARENA_CLASSIFIER_WAIT_MS) throw new Busy(BUSY_MESSAGE, Math.max(1, Math.ceil(wait / 1000)));
  if (state.reading >= c.ARENA_UPLOADS_IN_FLIGHT && state.waiting.length >= c.ARENA_UPLOADS_QUEUE)
    throw new Busy(BUSY_MESSAGE, 1);
  // counted before any wait, so one visitor's concurrent bodies cannot all pass the check above
  state.perVisitor.set(visitorId, own + 1);
  const leave = () => {
    const left = (state.perVisitor.get(visitorId) ?? 1) - 1;
    if (left > 0) state.perVisitor.set(visitorId, left);
    else state.perVisitor.delete(visitorId);
  };
  if (state.reading >= c.ARENA_UPLOADS_IN_FLIGHT) {
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(
          () => {
            state.waiting.splice(state.waiting.indexOf(waiter), 1);
            leave();
            reject(new Busy(BUSY_MESSAGE, 1));
          },
          Math.max(100, c.ARENA_CLASSIFIER_WAIT_MS),
        ),
      };
      state.waiting.push(waiter);
    });
  } else state.reading++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    leave();
    const next = state.waiting.shift();
    if (next) {
      // the place passes to the next in line (reading stays the same)
      clearTimeout(next.timer);
      next.resolve();
    } else state.reading--;
  };
}

function projectedWaitMs(): number {
  const load = classifierLoad();
  const ahead = state.reading + state.waiting.length;
  return load.waitMs + (ahead * load.msPerImage) / load.threads;
}

/** Uploads being read and waiting, for /metrics and tests. */
export const uploadAdmission = () => ({ reading: state.reading, waiting: state.waiting.length });
