// The admission run's uploads (scripts/test-admission.ts and its burst process, scripts/admission-burst.ts): a
// distinct 1 MB picture per seed, and the request that opens a battle with it.
import sharp from "sharp";

/** A 1 MB PNG of noise, different for every `seed`: the classifier cannot answer it from its cache. */
export async function picture(seed: number): Promise<Blob> {
  const side = 600;
  const pixels = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

/** POST /api/conversations with a prompt and `image`, as `cookie`'s visitor. */
export function opening(cookie: string, image: Blob): RequestInit {
  const form = new FormData();
  form.set("prompt", "What is in the picture?");
  form.append("images", image, "noise.png");
  return { method: "POST", body: form, headers: { cookie } };
}
