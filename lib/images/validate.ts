// Uploaded images are checked by their content, never by their name or declared type.

import { envNumber } from "../config/env";
import { Refusal, type RefusalKind } from "../errors";
import { type ImageType, notAnImageMessage, sniffImageType, tooLargeMessage, type UploadLimits } from "./rules";

/** An upload refused by its content; its kind says how (too large, not an image, banned, …). */
export class ImageRejected extends Refusal {
  constructor(
    message: string,
    override readonly code:
      | "not_an_image"
      | "image_too_large"
      | "image_too_many_pixels"
      | "image_unreadable"
      | "too_many_images"
      | "image_banned",
    kind: RefusalKind,
  ) {
    super(kind, code, message);
    this.name = "ImageRejected";
  }
}

export function imageLimits(env: Record<string, string | undefined> = process.env): UploadLimits & { maxSide: number } {
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
    throw new ImageRejected(tooLargeMessage(name, bytes.length, maxBytes), "image_too_large", "too_large");
  }
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected(notAnImageMessage(name), "not_an_image", "unsupported_media");
  return type;
}
