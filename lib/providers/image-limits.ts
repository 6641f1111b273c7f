// Images as each provider accepts them. The stored original is never changed (it is what exports carry); the
// copy sent to a provider is resized and re-encoded on the way out when it breaks that provider's limits.
//
// | provider | per image | pixels | per request | source |
// |---|---|---|---|---|
// | OpenAI | — (payload cap) | scaled server-side to fit 2048×2048, then 768 on the short side ("high" detail) | 50 MB payload, 500 images | platform.openai.com/docs/guides/images-vision ("Image input requirements") |
// | Anthropic | 5 MB (base64 length, so ~3.75 MB of bytes) | 8000 px a side (2000 px when a request has more than 20 images); larger than 1568 px on the long edge is scaled down server-side, costing time | 100 images, 32 MB request | docs.anthropic.com/en/docs/build-with-claude/vision ("Evaluate image size", "Limitations"); docs.anthropic.com/en/api/overview (request size) |
// | Gemini | inline data counts toward the request | scaled to fit 3072×3072, tiled at 768 | 20 MB request (inline), 3,600 images | ai.google.dev/gemini-api/docs/image-understanding ("Technical details") |
// | OpenAI-compatible servers (vLLM, Ollama, LM Studio, Together, Groq, Mistral, OpenRouter) | Groq 4 MB base64, 20 MB by URL; Mistral 10 MB | Pixtral downscales past 1024; vision towers of open models rarely use more than ~1,500 px | Groq 5 images; Mistral 8; vLLM's --limit-mm-per-prompt (often 1–4) | console.groq.com/docs/vision; docs.mistral.ai/capabilities/vision; docs.vllm.ai (multimodal inputs) |
//
// Checked with the search tool in this session: Anthropic's 5 MB base64 cap and its 2,000 px many-image cap (as
// quoted by clients that hit them); Azure's v1 endpoint. The other figures are the providers' pages as we read
// them in 2025 and could not be re-read here: check them against the pages named before relying on them.
// What is encoded below is what a request must stay within, plus the long edge past which the provider only
// scales the image down itself (sending more bytes buys nothing but time). The generic OpenAI-compatible row takes
// the strictest common values (Groq's): a server that takes more can be given more per model (params.images).

import { LRUCache } from "lru-cache";
import sharp from "sharp";
import type { ChatTurn, ImageInput, ModelTarget } from "./types";

export interface ImageLimits {
  /** bytes of one image as sent (before base64) */
  maxBytes: number;
  /** the longest side sent, in pixels */
  maxSide: number;
  /** images in one request: the newest are kept */
  perRequest: number;
  /** bytes of all images of one request */
  totalBytes: number;
  /** media types the provider reads; others are re-encoded */
  formats: string[];
}

const MB = 1024 * 1024;
const COMMON_FORMATS = ["image/png", "image/jpeg", "image/webp", "image/gif"];

export const PROVIDER_IMAGE_LIMITS: Record<Exclude<ModelTarget["providerType"], "demo">, ImageLimits> = {
  openai_compatible: { maxBytes: 3 * MB, maxSide: 2048, perRequest: 5, totalBytes: 15 * MB, formats: COMMON_FORMATS },
  anthropic: {
    // 5 MB of base64 is 3.75 MB of bytes; the long edge Anthropic itself scales down to
    maxBytes: Math.floor(3.75 * MB),
    maxSide: 1568,
    perRequest: 100,
    totalBytes: 24 * MB,
    formats: COMMON_FORMATS,
  },
  google: {
    maxBytes: 7 * MB,
    maxSide: 3072,
    perRequest: 3600,
    // 20 MB of request, base64 included
    totalBytes: 14 * MB,
    formats: ["image/png", "image/jpeg", "image/webp"],
  },
};

/** The limits for a model: its provider's, tightened or loosened by the model's own `params.images`. */
export function imageLimitsFor(target: ModelTarget): ImageLimits | null {
  if (target.providerType === "demo") return null;
  const base = PROVIDER_IMAGE_LIMITS[target.providerType];
  const own = target.paramRules?.images;
  return own ? { ...base, ...own } : base;
}

// a resized copy is made once per image and provider limits: both sides and every turn of a battle reuse it
const resized = new LRUCache<string, ImageInput>({
  max: 64,
  maxSize: 64 * MB,
  sizeCalculation: (i) => i.data.length || 1,
});

/** A cheap fingerprint (no hash of megabytes on the event loop): length and the bytes at both ends. */
function fingerprint(data: Uint8Array): string {
  const head = Buffer.from(data.subarray(0, 64)).toString("base64");
  const tail = Buffer.from(data.subarray(Math.max(0, data.length - 64))).toString("base64");
  return `${data.length}:${head}:${tail}`;
}

interface Header {
  side: number;
  animated: boolean;
  hasAlpha: boolean;
}

/**
 * What an image's header says, by fingerprint, shared while it is read: both sides of a battle (and every later
 * turn) send the same picture at the same moment, and reading the header through sharp cost ~1 ms of the relay's
 * CPU a battle (bench:arena's relay split).
 */
const headers = new LRUCache<string, Promise<Header>>({ max: 1024 });

function headerOf(image: ImageInput): Promise<Header> {
  const key = `${image.mime}:${fingerprint(image.data)}`;
  let header = headers.get(key);
  if (!header) {
    header = sharp(image.data)
      .metadata()
      .then((meta) => ({
        side: Math.max(meta.width ?? 0, meta.height ?? 0),
        animated: (meta.pages ?? 1) > 1,
        hasAlpha: meta.hasAlpha === true,
      }));
    headers.set(key, header);
    header.catch(() => headers.delete(key));
  }
  return header;
}

async function withinLimits(image: ImageInput, limits: ImageLimits, maxBytes: number): Promise<ImageInput> {
  // a stored image's side comes with it (its row), and it is one frame: its header is read only to resize it
  const { side, animated } = image.side !== undefined ? { side: image.side, animated: false } : await headerOf(image);
  const fine =
    image.data.length <= maxBytes && side <= limits.maxSide && limits.formats.includes(image.mime) && !animated;
  if (fine) return image;
  const { hasAlpha } = await headerOf(image);
  const key = `${limits.maxSide}:${maxBytes}:${limits.formats.join(",")}:${fingerprint(image.data)}`;
  const cached = resized.get(key);
  if (cached) return cached;
  // an alpha channel stays in PNG; everything else becomes JPEG, the smallest for photographs
  const keepAlpha = hasAlpha && limits.formats.includes("image/png");
  let target = Math.min(side, limits.maxSide);
  let quality = 85;
  for (;;) {
    const pipeline = sharp(image.data, { pages: 1 }).rotate().resize({
      width: target,
      height: target,
      fit: "inside",
      withoutEnlargement: true,
    });
    const data = keepAlpha
      ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
      : await pipeline.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (data.length <= maxBytes || target <= 256) {
      const out = { data, mime: keepAlpha ? "image/png" : "image/jpeg" };
      resized.set(key, out);
      return out;
    }
    // too many bytes still: a little less quality first, then fewer pixels
    if (!keepAlpha && quality > 70) quality -= 10;
    else target = Math.round(target * 0.75);
  }
}

/**
 * The conversation as this model may receive it: at most `perRequest` images (the newest), each within the
 * provider's limits, and all of them within its request budget.
 */
export async function fitImages(target: ModelTarget, turns: ChatTurn[]): Promise<ChatTurn[]> {
  const limits = imageLimitsFor(target);
  const count = turns.reduce((n, t) => n + (t.images?.length ?? 0), 0);
  if (!limits || count === 0) return turns;
  let skip = Math.max(0, count - limits.perRequest);
  const maxBytes = Math.min(limits.maxBytes, Math.floor(limits.totalBytes / Math.min(count, limits.perRequest)));
  return Promise.all(
    turns.map(async (turn) => {
      if (!turn.images?.length) return turn;
      const dropped = Math.min(skip, turn.images.length);
      skip -= dropped;
      const kept = turn.images.slice(dropped);
      return { ...turn, images: await Promise.all(kept.map((image) => withinLimits(image, limits, maxBytes))) };
    }),
  );
}
