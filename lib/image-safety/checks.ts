// What an uploaded image passes before any model sees it (VisionArena §3.1): the local NSFW classifier and, when a
// key is configured, OpenAI's moderation endpoint for images. The perceptual-hash blocklist of banned images is
// applied earlier, at upload (lib/images), since a banned picture is refused outright rather than flagged.
import { type Config, config } from "../config";
import { countImageVerdict } from "../metrics";
import { askOpenAiModeration, OPENAI_MODERATION_URL } from "../moderation";
import { explicitScore } from "./nsfw";
import { pooledNsfwScores } from "./nsfw-pool";

export interface ImageVerdict {
  flagged: boolean;
  source?: string;
  reason?: string;
}

/** A check of an image: its stored bytes and type, and the local classifier's pixels when the upload made them
 *  (`usesClassifierPixels`: the check reads them, so the upload should make them). */
export type ImageCheck = ((bytes: Buffer, mime: string, classifierPixels?: Uint8Array) => Promise<ImageVerdict>) & {
  usesClassifierPixels?: true;
};

const CLEAR: ImageVerdict = { flagged: false };

export function localNsfwCheck(threshold: number): ImageCheck {
  const check: ImageCheck = async (bytes, _mime, classifierPixels) => {
    const scores = await pooledNsfwScores(bytes, classifierPixels);
    const score = explicitScore(scores);
    if (score < threshold) return CLEAR;
    const top = scores.Porn >= scores.Hentai ? "Porn" : "Hentai";
    return { flagged: true, source: "nsfw-classifier", reason: `${top} ${score.toFixed(2)} ≥ ${threshold}` };
  };
  check.usesClassifierPixels = true;
  return check;
}

/** OpenAI's omni-moderation model, which takes images as data: URLs. */
export function openAiImageCheck(apiKey: string, url = OPENAI_MODERATION_URL): ImageCheck {
  return (bytes, mime) =>
    askOpenAiModeration(
      apiKey,
      url,
      {
        model: "omni-moderation-latest",
        input: [{ type: "image_url", image_url: { url: `data:${mime};base64,${bytes.toString("base64")}` } }],
      },
      15_000,
    );
}

export function configuredImageChecks(c: Config = config()): ImageCheck[] {
  const checks: ImageCheck[] = [];
  if (c.ARENA_NSFW_CHECK) checks.push(localNsfwCheck(c.ARENA_NSFW_THRESHOLD));
  if (c.OPENAI_MODERATION_API_KEY) checks.push(openAiImageCheck(c.OPENAI_MODERATION_API_KEY, c.OPENAI_MODERATION_URL));
  return checks;
}

/** Whether an upload should make the classifier's pixels while it decodes (a check will read them). */
export function checksUseClassifierPixels(checks = configuredImageChecks()): boolean {
  return checks.some((check) => check.usesClassifierPixels);
}

/** The first check that flags the image (its stored bytes, type and, when made, the classifier's pixels), or clear. */
export async function checkImage(
  image: { data: Buffer; mime: string; classifierPixels?: Uint8Array },
  checks = configuredImageChecks(),
): Promise<ImageVerdict> {
  for (const check of checks) {
    const verdict = await check(image.data, image.mime, image.classifierPixels);
    if (verdict.flagged) {
      countImageVerdict(true, verdict.source);
      return verdict;
    }
  }
  if (checks.length > 0) countImageVerdict(false, undefined);
  return CLEAR;
}
