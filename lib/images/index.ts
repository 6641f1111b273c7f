import type pg from "pg";
import { config } from "../config";
import { sql } from "../db/sql";
import type { PrismaClient } from "../generated/prisma/client";
import { perceptualHash } from "../image-safety/phash";
import { normaliseImage } from "./normalise";
import { storageKeyFor } from "./storage-key";
import { imageStore } from "./store";
import { checkUpload, ImageRejected, imageLimits } from "./validate";

export { EXTENSION, type NormalisedImage, normaliseImage, previewPng } from "./normalise";
export { ACCEPTED_TYPES, type ImageType, screenAttachments, sniffImageType, type UploadLimits } from "./rules";
export { isStorageKeyOf, STORAGE_KEY_SHAPE, storageKeyFor } from "./storage-key";
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
  /** the NSFW classifier's pixels from the upload's own decode, when the classifier is on */
  classifierPixels?: Uint8Array;
}

/**
 * Checks, normalises and stores an upload once by hash; returns the stored image with its bytes and, when
 * `forClassifier` (an arena prompt's image, about to be checked), the NSFW classifier's pixels from the same decode.
 * Its two statements go through the plain pool: an arena upload's path, where Prisma's query compiler ran 34–47
 * ms of the web process's event loop during a burst of uploads (`npm run test:admission`, a CPU profile).
 */
export async function ingestImage(
  pool: pg.Pool,
  name: string,
  upload: Uint8Array,
  { forClassifier = false } = {},
): Promise<StoredImage> {
  const limits = imageLimits();
  const type = checkUpload(name, upload, limits.maxBytes);
  const image = await normaliseImage(upload, type, limits.maxSide, limits.maxPixels, {
    classifierPixels: forClassifier,
  });
  const phash = await perceptualHash(image.data);
  const banned = await bannedMatch(pool, image.sha256, phash);
  if (banned === "exact") {
    throw new ImageRejected(
      "this image was removed by the moderators and cannot be used",
      "image_banned",
      "unprocessable",
    );
  }
  if (banned === "near") {
    throw new ImageRejected(
      "this image matches one removed by the moderators and cannot be used",
      "image_banned",
      "unprocessable",
    );
  }
  const storageKey = storageKeyFor(image.sha256, image.mime);
  await imageStore().put(storageKey, image.data, image.mime);
  const row = {
    mime: image.mime,
    width: image.width,
    height: image.height,
    bytes: image.data.length,
    storageKey,
    phash,
  };
  // the same picture may arrive in two uploads at once: insert-or-nothing, never an upsert race (unique violation);
  // the time sent as UTC, as Prisma writes it (../db/timestamps), whatever the server's time zone
  await pool.query(
    sql`INSERT INTO "Image" (sha256, mime, width, height, bytes, "storageKey", phash, "createdAt")
        VALUES (${image.sha256}, ${row.mime}, ${row.width}, ${row.height}, ${row.bytes}, ${row.storageKey},
                ${row.phash}, ${new Date()})
        ON CONFLICT (sha256) DO NOTHING`,
  );
  return { sha256: image.sha256, ...row, data: image.data, classifierPixels: image.classifierPixels };
}

/**
 * Whether the moderators removed this very image (`exact`), or one within ARENA_PHASH_MAX_DISTANCE bits of its
 * perceptual hash (`near`), in one statement. The near ones are asked over the banned images alone (the moderation
 * status is indexed), so an upload neither reads every banned hash into the process nor waits for a cache to learn of
 * a ban made by another instance. The Hamming distance is counted as the XOR's one-bits, in SQL any PostgreSQL has
 * (bit_count needs 14).
 */
async function bannedMatch(pool: pg.Pool, sha256: string, phash: string): Promise<"exact" | "near" | null> {
  // a hash not of ours: nothing can be near it
  const ours = /^[0-9a-f]{1,16}$/i.test(phash);
  const limit = config().ARENA_PHASH_MAX_DISTANCE;
  const { rows } = await pool.query<{ exact: boolean; near: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM "Image" WHERE sha256 = ${sha256} AND "moderationStatus" = 'banned') AS exact,
      ${ours} AND EXISTS (
        SELECT 1 FROM "Image"
         WHERE "moderationStatus" = 'banned' AND phash ~ '^[0-9a-fA-F]{1,16}$'
           AND length(replace((('x' || lpad(phash, 16, '0'))::bit(64)
                               # ('x' || lpad(${ours ? phash : "0"}, 16, '0'))::bit(64))::text, '0', '')) <= ${limit}
      ) AS near`);
  return rows[0]?.exact ? "exact" : rows[0]?.near ? "near" : null;
}

/** A stored image as a query names it: where its bytes are, its type, and whether the moderators removed it. */
export interface StoredImageRef {
  storageKey: string;
  mime: string;
  banned: boolean;
}

/**
 * The one door image bytes leave storage by, for a model, a page, an export or a label: a removed image has none
 * (the moderation check cannot be forgotten by a caller that already knows the storage key). Backups copy the
 * store as it is and are the exception.
 */
export async function imageBytes(ref: StoredImageRef): Promise<{ data: Buffer; mime: string } | null> {
  if (ref.banned) return null;
  const data = await imageStore().get(ref.storageKey);
  return data ? { data, mime: ref.mime } : null;
}

/** The bytes of a stored image, or null (unknown or removed). */
export async function loadImage(prisma: PrismaClient, sha256: string): Promise<{ data: Buffer; mime: string } | null> {
  const row = await prisma.image.findUnique({
    where: { sha256 },
    select: { storageKey: true, mime: true, moderationStatus: true },
  });
  return row ? imageBytes({ ...row, banned: row.moderationStatus === "banned" }) : null;
}
