// One visitor's "which model for an image like mine?" as the route receives it: counted against the same hourly
// limits as a prompt (per visitor when there is a cookie, per address always), then the picture checked and
// normalised as an arena upload is, then the board of its neighbours. The upload's admission (places, bytes in
// flight, the work ahead) is the arena's, taken by the route before the body is read (lib/arena/admission.ts).
import { hitLimits, promptLimits } from "../arena/rate-limit";
import type { Db } from "../db/context";
import { checkUpload, imageLimits, normaliseImage } from "../images";
import { type NeighbourhoodResult, neighbourhoodFor } from "./query";

export interface Asker {
  visitorId: string | null;
  ipHash: string | null;
}

/** Counts the lookup against the asker's hourly limits (429 past them), before its body is read. */
export async function admitNeighbourhoodLookup(db: Db, asker: Asker): Promise<void> {
  const limits = promptLimits(asker.visitorId ?? "", asker.ipHash).filter(
    (limit) => asker.visitorId || !limit.key.startsWith("visitor:"),
  );
  await hitLimits(db.pool, limits);
}

export async function neighbourhoodOfUpload(
  db: Db,
  input: { upload?: { name: string; bytes: Uint8Array }; prompt: string },
): Promise<NeighbourhoodResult> {
  let image: Buffer | null = null;
  if (input.upload) {
    const limits = imageLimits();
    const type = checkUpload(input.upload.name, input.upload.bytes, limits.maxBytes);
    image = (await normaliseImage(input.upload.bytes, type, limits.maxSide, limits.maxPixels)).data;
  }
  return neighbourhoodFor(db, { image, prompt: input.prompt });
}
