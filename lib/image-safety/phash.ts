// Perceptual hashes (sharp-phash: a 64-bit DCT hash), so a banned picture stays banned when re-encoded, resized or
// lightly edited: copies land within a few bits of each other, different pictures about half the bits apart.
import phash from "sharp-phash";

/** The 64-bit perceptual hash as 16 hex digits. */
export async function perceptualHash(bytes: Buffer): Promise<string> {
  const bits = await phash(bytes);
  return BigInt(`0b${bits}`).toString(16).padStart(16, "0");
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}
