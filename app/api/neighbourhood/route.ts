import { getDb } from "@/lib/db";
import { citedJson, handle, ipHashFrom, neighbourhoodFormLimits, readAdmittedUpload, visitorIdFrom } from "@/lib/http";
import { admitNeighbourhoodLookup, neighbourhoodOfUpload } from "@/lib/neighbourhood";

export const dynamic = "force-dynamic";

/**
 * "Which model for an image like mine?": a multipart form with `images` (one picture, optional) and `prompt` (the
 * question, optional; one of the two is needed); the board of the most similar voted battles, or why there is none.
 * Behind the arena's upload admission and hourly limits, decided before the body is read.
 */
export function POST(request: Request) {
  return handle(async () => {
    const db = getDb();
    const asker = { visitorId: visitorIdFrom(request), ipHash: ipHashFrom(request) };
    // without a cookie the address stands for the visitor in the per-visitor cap of bodies at once
    return readAdmittedUpload(
      request,
      asker.visitorId ?? `address:${asker.ipHash ?? "unknown"}`,
      () => admitNeighbourhoodLookup(db, asker),
      () => neighbourhoodFormLimits(),
      async ({ fields, uploads }) =>
        citedJson(db, await neighbourhoodOfUpload(db, { upload: uploads[0], prompt: fields.get("prompt") ?? "" })),
    );
  });
}
