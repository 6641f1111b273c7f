import type { Db } from "../db/context";
import { InvalidInput, Unavailable, Unprocessable } from "../errors";
import type { PrismaClient } from "../generated/prisma/client";
import { checkImage, checksUseClassifierPixels, type ImageVerdict } from "../image-safety/checks";
import { imageLimits, ingestImage, type StoredImage } from "../images";
import { presetUpload } from "./presets";

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

export interface AdmittedImages {
  images: StoredImage[];
  /** the prompt started from a preset of the bank */
  isPreset: boolean;
  /** each image's check, running */
  checks: Promise<ImageVerdict | { failed: unknown }>[];
}

/**
 * The one place a prompt's images are admitted: a chosen preset first, then the uploads, each checked (type,
 * size), normalised, refused when the moderators removed it or one near it (the blocklist), stored once by hash;
 * then the image checks start on all of them. A refused image throws ImageRejected, a DomainError: lib/http answers
 * it with its kind's status.
 */
export async function admitImages(db: Db, input: { uploads: Upload[]; presetId?: string }): Promise<AdmittedImages> {
  const limits = imageLimits();
  let uploads = input.uploads;
  let isPreset = false;
  if (input.presetId) {
    uploads = [await presetUpload(db, input.presetId), ...uploads];
    isPreset = true;
  }
  if (uploads.length > limits.maxImagesPerTurn) {
    throw new InvalidInput(
      "too_many_images",
      `attach at most ${limits.maxImagesPerTurn} image${limits.maxImagesPerTurn === 1 ? "" : "s"}`,
    );
  }
  const images: StoredImage[] = [];
  // the classifier's pixels come from the upload's own decode, so its thread decodes nothing again
  const forClassifier = checksUseClassifierPixels();
  for (const upload of uploads) images.push(await ingestImage(db.pool, upload.name, upload.bytes, { forClassifier }));
  return { images, isPreset, checks: startImageChecks(images) };
}

/** The image checks, started as soon as the images are stored (they run on worker threads meanwhile). */
function startImageChecks(images: StoredImage[]): Promise<ImageVerdict | { failed: unknown }>[] {
  return images.map((image) => checkImage(image).catch((failed: unknown) => ({ failed })));
}

/**
 * Every image of a prompt passes the image checks (local NSFW classifier, OpenAI's when configured) before any
 * provider is called: a flagged one ends the conversation, goes to the moderation queue with the image, and the
 * visitor is told why. A check that cannot run ends the conversation too (closed, not open) with a 503.
 */
export async function settleImageChecks(
  prisma: PrismaClient,
  conversationId: string,
  { images, checks }: AdmittedImages,
): Promise<void> {
  for (const [k, image] of images.entries()) {
    const outcome = await checks[k];
    let verdict: ImageVerdict;
    try {
      if (!outcome || "failed" in outcome) throw outcome?.failed ?? new Error("no verdict");
      verdict = outcome;
    } catch (error) {
      await prisma.conversation.update({ where: { id: conversationId }, data: { endedAt: new Date() } });
      throw new Unavailable(
        "image_check_unavailable",
        `the image check could not run (${error instanceof Error ? error.message : String(error)}); please try again shortly`,
      );
    }
    if (!verdict.flagged) continue;
    const reason = verdict.reason ?? "flagged";
    await prisma.$transaction([
      prisma.conversation.update({
        where: { id: conversationId },
        data: { moderationStatus: "flagged", moderationReason: `image: ${reason}`, endedAt: new Date() },
      }),
      prisma.moderationFlag.create({
        data: { conversationId, imageSha256: image.sha256, source: verdict.source ?? "image-check", reason },
      }),
      prisma.image.updateMany({
        where: { sha256: image.sha256, moderationStatus: "clear" },
        data: { moderationStatus: "flagged" },
      }),
    ]);
    throw new Unprocessable(
      "image_flagged",
      `This image was flagged by our content filter (${verdict.source === "nsfw-classifier" ? "it looks explicit" : reason}), so the conversation has ended before any model saw it. Please start a new one with another image.`,
    );
  }
}
