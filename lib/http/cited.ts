// A public data answer as JSON with what it is and may be used for (lib/citation): `licence`, `citation` and `as_of`
// ahead of the body's own fields. Every public data route answers through it; tests/integration/api-surface.test.ts
// checks each GET route not exempted there carries the three.
import { citationFor, cited } from "../citation";
import type { Db } from "../db/context";

export async function citedJson(
  db: Db,
  body: object,
  options: { asOf?: Date; headers?: Record<string, string> } = {},
): Promise<Response> {
  const citation = await citationFor(db, options.asOf ?? new Date());
  return Response.json(cited(citation, body), options.headers ? { headers: options.headers } : undefined);
}
