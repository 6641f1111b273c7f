import { getPrisma } from "@/lib/db";
import { errorResponse, handle } from "@/lib/http";
import { loadImage } from "@/lib/images";

export const dynamic = "force-dynamic";

/**
 * Images are addressed by the SHA-256 of their bytes, so their content never changes; but an image can be banned,
 * and a ban must reach browsers and caches soon: ten minutes, not a year.
 */
export function GET(_request: Request, { params }: { params: Promise<{ sha: string }> }) {
  return handle(async () => {
    const { sha } = await params;
    const image = /^[0-9a-f]{64}$/.test(sha) ? await loadImage(getPrisma(), sha) : null;
    if (!image) return errorResponse(404, "image_not_found", "no such image");
    return new Response(new Uint8Array(image.data), {
      headers: {
        "Content-Type": image.mime,
        "Cache-Control": "public, max-age=600",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
