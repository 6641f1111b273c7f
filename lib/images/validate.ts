// Uploaded images are checked by their content, never by their name or declared type.

import { type Config, config } from "../config";
import { DomainError, type ErrorKind } from "../errors";
import { type ImageType, notAnImageMessage, sniffImageType, tooLargeMessage, type UploadLimits } from "./rules";

/** An upload refused by its content; its kind says how (too large, not an image, banned, …). */
export class ImageRejected extends DomainError {
  constructor(
    message: string,
    override readonly code:
      | "not_an_image"
      | "image_too_large"
      | "image_too_many_pixels"
      | "image_unreadable"
      | "too_many_images"
      | "image_banned",
    kind: ErrorKind,
  ) {
    super(kind, code, message);
    this.name = "ImageRejected";
  }
}

export function imageLimits(c: Config = config()): UploadLimits & { maxSide: number } {
  return {
    maxBytes: c.ARENA_IMAGE_MAX_MB * 1024 * 1024,
    maxSide: c.ARENA_IMAGE_MAX_SIDE,
    maxImagesPerTurn: c.ARENA_MAX_IMAGES,
    /** decoding cost grows with pixels, not bytes: a 100-megapixel PNG compresses to little and decodes for seconds */
    maxPixels: c.ARENA_IMAGE_MAX_MEGAPIXELS * 1_000_000,
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
