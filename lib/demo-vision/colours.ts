// The colours a person would name in a picture. The old demo took sharp's single "dominant" histogram bin and the
// nearest of twelve RGB points, which called a teal picture with a red house "grey". Here every pixel of a small
// copy is named by hue, saturation and lightness, and the names that cover a fair share of the picture are kept.
import sharp from "sharp";

export interface ColourShare {
  name: string;
  /** of the picture's pixels, 0–1 */
  share: number;
}

/** A colour's name from its HSL components (h in degrees, s and l in 0–1). */
export function nameOf(h: number, s: number, l: number): string {
  if (l < 0.13) return "black";
  if (l > 0.9 && s < 0.5) return "white";
  if (s < 0.15 || (s < 0.25 && l > 0.75)) return l < 0.3 ? "black" : l > 0.8 ? "white" : "grey";
  if (h < 15 || h >= 345) return l < 0.3 ? "maroon" : l > 0.75 ? "pink" : "red";
  if (h < 45) return l < 0.45 ? "brown" : "orange";
  if (h < 68) return l < 0.35 ? "olive" : "yellow";
  if (h < 160) return "green";
  if (h < 195) return "teal";
  if (h < 255) return l < 0.25 ? "navy" : "blue";
  if (h < 290) return "purple";
  return l > 0.6 ? "pink" : "magenta";
}

export function hsl(r: number, g: number, b: number): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [(h * 60 + 360) % 360, s, l];
}

/** The colours covering at least `minShare` of the picture, largest first. */
export async function colourShares(bytes: Uint8Array, minShare = 0.08): Promise<ColourShare[]> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize(64, 64, { fit: "inside" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>();
  const pixels = info.width * info.height;
  for (let i = 0; i < data.length; i += info.channels) {
    const name = nameOf(...hsl(data[i] as number, data[i + 1] as number, data[i + 2] as number));
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, share: count / pixels }))
    .filter((c) => c.share >= minShare)
    .sort((a, b) => b.share - a.share);
}
