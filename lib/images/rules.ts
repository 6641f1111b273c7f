// The upload rules both sides apply: the browser checks at once when a file is attached, the server stays the
// authority. Pure code with no Node imports, so the browser bundle can carry it.

export const ACCEPTED_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type ImageType = (typeof ACCEPTED_TYPES)[number];

/** What a visitor may attach, as the server is configured (sent to the browser by /api/visitor). */
export interface UploadLimits {
  maxBytes: number;
  maxImagesPerTurn: number;
  maxPixels: number;
}

/** The image type from the file's first bytes (magic numbers), or null. 12 bytes are enough. */
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

export const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

export const tooLargeMessage = (name: string, bytes: number, maxBytes: number) =>
  `${name} is ${megabytes(bytes)}; images may be at most ${Math.round(maxBytes / 1048576)} MB`;

export const notAnImageMessage = (name: string) => `${name} is not a PNG, JPEG, WebP or GIF image`;

export const tooManyPixelsMessage = (name: string, pixels: number, maxPixels: number) =>
  `${name} has ${(pixels / 1e6).toFixed(0)} megapixels; images may have at most ${Math.round(maxPixels / 1e6)}`;

export const tooManyImagesMessage = (name: string, max: number) =>
  `${name} was not added: at most ${max} images per message`;

/**
 * Why a file was not attached, as data: the browser words it in the visitor's language (attach.<code> in the
 * message catalogue, filled from `values`), the server in English with the functions above.
 */
export interface UploadRefusal {
  code: "image_too_large" | "not_an_image" | "too_many_images" | "image_too_many_pixels" | "image_unreadable";
  values: Record<string, string | number>;
}

export const tooLargeRefusal = (name: string, bytes: number, maxBytes: number): UploadRefusal => ({
  code: "image_too_large",
  values: { name, size: megabytes(bytes), max: Math.round(maxBytes / 1048576) },
});
export const tooManyPixelsRefusal = (name: string, pixels: number, maxPixels: number): UploadRefusal => ({
  code: "image_too_many_pixels",
  values: { name, megapixels: (pixels / 1e6).toFixed(0), max: Math.round(maxPixels / 1e6) },
});

/** One file as the check sees it: its name, size and first bytes. */
export interface Candidate {
  name: string;
  size: number;
  head: Uint8Array;
}

/**
 * Splits incoming files into those that may be attached and a reason for each one that may not, in order, the
 * same rules and words as the server's (size first, then the content's type, then the count).
 */
export function screenAttachments<T extends Candidate>(
  incoming: T[],
  alreadyAttached: number,
  limits: UploadLimits,
): { accepted: T[]; rejected: { name: string; reason: string; refusal: UploadRefusal }[] } {
  const accepted: T[] = [];
  const rejected: { name: string; reason: string; refusal: UploadRefusal }[] = [];
  for (const file of incoming) {
    const { name, size } = file;
    if (size > limits.maxBytes)
      rejected.push({
        name,
        reason: tooLargeMessage(name, size, limits.maxBytes),
        refusal: tooLargeRefusal(name, size, limits.maxBytes),
      });
    else if (!sniffImageType(file.head))
      rejected.push({ name, reason: notAnImageMessage(name), refusal: { code: "not_an_image", values: { name } } });
    else if (alreadyAttached + accepted.length >= limits.maxImagesPerTurn)
      rejected.push({
        name,
        reason: tooManyImagesMessage(name, limits.maxImagesPerTurn),
        refusal: { code: "too_many_images", values: { name, max: limits.maxImagesPerTurn } },
      });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
