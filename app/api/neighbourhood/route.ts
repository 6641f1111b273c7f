import { getDb } from "@/lib/db";
import { handle, neighbourhoodFormLimits, readUploadForm } from "@/lib/http";
import { checkUpload, imageLimits, normaliseImage } from "@/lib/images";
import { neighbourhoodFor } from "@/lib/neighbourhood";

export const dynamic = "force-dynamic";

/**
 * "Which model for an image like mine?": a multipart form with `images` (one picture, optional) and `prompt` (the
 * question, optional; one of the two is needed); the board of the most similar voted battles, or why there is none.
 */
export function POST(request: Request) {
  return handle(async () => {
    const { fields, uploads } = await readUploadForm(request, neighbourhoodFormLimits());
    const upload = uploads[0];
    let image: Buffer | null = null;
    if (upload) {
      const limits = imageLimits();
      const type = checkUpload(upload.name, upload.bytes, limits.maxBytes);
      image = (await normaliseImage(upload.bytes, type, limits.maxSide, limits.maxPixels)).data;
    }
    return Response.json(await neighbourhoodFor(getDb(), { image, prompt: fields.get("prompt") ?? "" }));
  });
}
