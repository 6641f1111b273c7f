// Where a picture lives in the image store: its digest's first two hex digits as a folder, the digest, and the
// extension of its type. The one pattern every key matches, so a key read from anywhere else (a backup's manifest)
// can be refused by name before it names a path.
import { EXTENSION, type NormalisedImage } from "./normalise";

export const storageKeyFor = (sha256: string, mime: NormalisedImage["mime"]) =>
  `${sha256.slice(0, 2)}/${sha256}.${EXTENSION[mime]}`;

const KEY = new RegExp(`^([0-9a-f]{2})/([0-9a-f]{64})\\.(${Object.values(EXTENSION).join("|")})$`);

/** Whether `key` is a key the store could have made for the picture with this digest. */
export function isStorageKeyOf(key: string, sha256: string): boolean {
  const match = KEY.exec(key);
  return match !== null && match[2] === sha256 && match[1] === sha256.slice(0, 2);
}

export const STORAGE_KEY_SHAPE = "<2 hex>/<sha256>.<png|jpg|webp>";
