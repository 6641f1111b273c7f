// Uploads refused by the front door itself, from the request line and headers alone. In a burst of uploads past
// capacity most are refused, and each refusal used to cost the web process's one thread ~1.8 ms on its way to the
// route: a Request object with a web stream over the body, the compressor wrapped round the answer, the route's
// dispatch (`npm run test:admission`, a CPU profile over the burst: ~220 ms of the thread for 120 uploads, while the
// other visitors' votes waited behind them; ~0.1 ms each here). The answer is the route's own: the same visitor
// cookie read first (a request without one goes on to the route, which asks for the terms), then the same admission
// counters (lib/arena/admission.ts: the visitor's own cap, 429, then the work ahead and the queue, 503 `busy`).
// Whatever this lets through, the route decides again.
import type { IncomingMessage, ServerResponse } from "node:http";
import { refusalNow } from "../arena";
import { sendError } from "./front-door.mjs";
import { KIND_STATUS } from "./route";
import { uploadSizeOf } from "./upload-form";
import { visitorIdFromHeader } from "./visitor";

/** A battle's opening (any body: its route admits it before reading) and a follow-up's (a multipart form only). */
const OPENING = /^\/api\/conversations(?:\?|$)/;
const FOLLOW_UP = /^\/api\/conversations\/[^/?%]+\/messages(?:\?|$)/;

function takesUpload(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  const url = req.url ?? "";
  if (OPENING.test(url)) return true;
  return FOLLOW_UP.test(url) && (req.headers["content-type"] ?? "").startsWith("multipart/form-data");
}

/** Answers the refusal (with its Retry-After) and returns true when the upload's route would refuse it now; else false. */
export function refuseBusyUpload(req: IncomingMessage, res: ServerResponse): boolean {
  if (!takesUpload(req)) return false;
  const visitorId = visitorIdFromHeader(req.headers.cookie);
  if (!visitorId) return false;
  const refused = refusalNow(visitorId, uploadSizeOf(req.headers["content-length"]));
  if (!refused) return false;
  const retryAfter = refused.retryAfterSeconds ? { "retry-after": String(refused.retryAfterSeconds) } : {};
  sendError(res, KIND_STATUS[refused.kind], refused.code, refused.message, retryAfter);
  return true;
}
