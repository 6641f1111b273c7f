import { getDb } from "@/lib/db";
import { driftQuery } from "@/lib/drift";
import { citedJson, handle, searchParams } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * The drift watch for one model (`?model=ID`): each benchmark's canary runs (accuracy, 95% Wilson interval, what the
 * alarm rule said, the baseline) and its human score per month against anchors that did not change.
 */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    const { asOf, ...drift } = await driftQuery(db, searchParams(request));
    return citedJson(db, drift, { asOf, headers: { "Cache-Control": "public, max-age=60" } });
  });
}
