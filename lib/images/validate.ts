// Uploaded images are checked by their content, never by their name or declared type.

import { envNumber } from "../config/env";

export const ACCEPTED_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type ImageType = (typeof ACCEPTED_TYPES)[number];

export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly code:
      | "not_an_image"
      | "image_too_large"
      | "image_too_many_pixels"
      | "image_unreadable"
      | "too_many_images"
      | "image_banned",
    readonly status: number,
  ) {
    super(message);
  }
}

/** The image type from the file's first bytes (magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return "image/png";
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return "image/gif";
  if (
    bytes.length >= 12 &&
    at(0) === 0x52 &&
    at(1) === 0x49 &&
    at(2) === 0x46 &&
    at(3) === 0x46 &&
    at(8) === 0x57 &&
    at(9) === 0x45 &&
    at(10) === 0x42 &&
    at(11) === 0x50
  ) {
    return "image/webp";
  }
  return null;
}

export function imageLimits(env: Record<string, string | undefined> = process.env) {
  const num = envNumber;
  return {
    maxBytes: num(env.ARENA_IMAGE_MAX_MB, 15) * 1024 * 1024,
    maxSide: num(env.ARENA_IMAGE_MAX_SIDE, 1024),
    maxImagesPerTurn: num(env.ARENA_MAX_IMAGES, 4),
    /** decoding cost grows with pixels, not bytes: a 100-megapixel PNG compresses to little and decodes for seconds */
    maxPixels: num(env.ARENA_IMAGE_MAX_MEGAPIXELS, 50) * 1_000_000,
  };
}

export function checkUpload(name: string, bytes: Uint8Array, maxBytes: number): ImageType {
  if (bytes.length > maxBytes) {
    throw new ImageRejected(
      `${name} is ${(bytes.length / 1048576).toFixed(1)} MB; images may be at most ${Math.round(maxBytes / 1048576)} MB`,
      "image_too_large",
      413,
    );
  }
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected(`${name} is not a PNG, JPEG, WebP or GIF image`, "not_an_image", 415);
  return type;
}
