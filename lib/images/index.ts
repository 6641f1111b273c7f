import { config } from "../config";
import type { PrismaClient } from "../generated/prisma/client";
import { hammingDistance, perceptualHash } from "../image-safety/phash";
import { EXTENSION, normaliseImage } from "./normalise";
import { imageStore } from "./store";
import { checkUpload, ImageRejected, imageLimits } from "./validate";

export { EXTENSION, type NormalisedImage, normaliseImage, previewPng } from "./normalise";
export { ACCEPTED_TYPES, type ImageType, screenAttachments, sniffImageType, type UploadLimits } from "./rules";
export { type ImageStore, imageStore, LocalImageStore, S3ImageStore } from "./store";
export { checkUpload, ImageRejected, imageLimits } from "./validate";

export interface StoredImage {
  sha256: string;
  phash: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
}

/** Checks, normalises and stores an upload once by hash; returns the stored image with its bytes. */
export async function ingestImage(prisma: PrismaClient, name: string, upload: Uint8Array): Promise<StoredImage> {
  const limits = imageLimits();
  const type = checkUpload(name, upload, limits.maxBytes);
  const image = await normaliseImage(upload, type, limits.maxSide, limits.maxPixels);
  const known = await prisma.image.findUnique({ where: { sha256: image.sha256 }, select: { moderationStatus: true } });
  if (known?.moderationStatus === "banned") {
    throw new ImageRejected(
      "this image was removed by the moderators and cannot be used",
      "image_banned",
      "unprocessable",
    );
  }
  const phash = await perceptualHash(image.data);
  if (await nearBannedImage(prisma, phash)) {
    throw new ImageRejected(
      "this image matches one removed by the moderators and cannot be used",
      "image_banned",
      "unprocessable",
    );
  }
  const storageKey = `${image.sha256.slice(0, 2)}/${image.sha256}.${EXTENSION[image.mime]}`;
  await imageStore().put(storageKey, image.data, image.mime);
  const row = {
    mime: image.mime,
    width: image.width,
    height: image.height,
    bytes: image.data.length,
    storageKey,
    phash,
  };
  // the same picture may arrive in two uploads at once: insert-or-nothing, never an upsert race (unique violation)
  await prisma.image.createMany({ data: [{ sha256: image.sha256, ...row }], skipDuplicates: true });
  return { sha256: image.sha256, ...row, data: image.data };
}

/** Whether a banned image lies within ARENA_PHASH_MAX_DISTANCE bits of this perceptual hash. */
async function nearBannedImage(prisma: PrismaClient, phash: string): Promise<boolean> {
  const banned = await prisma.image.findMany({
    where: { moderationStatus: "banned", phash: { not: null } },
    select: { phash: true },
  });
  const limit = config().ARENA_PHASH_MAX_DISTANCE;
  return banned.some((b) => hammingDistance(b.phash as string, phash) <= limit);
}

/** The bytes of a stored image, or null. */
export async function loadImage(prisma: PrismaClient, sha256: string): Promise<{ data: Buffer; mime: string } | null> {
  const row = await prisma.image.findUnique({ where: { sha256 } });
  if (!row || row.moderationStatus === "banned") return null;
  const data = await imageStore().get(row.storageKey);
  return data ? { data, mime: row.mime } : null;
}
