// Flat shapes in a drawn picture (a diagram, a worksheet, a test card): regions of one named colour, found as
// connected components on a small copy and told apart by how much of their box they fill and where they are
// widest. CenterNet knows photographs of 80 kinds of things; on a drawing it guesses ("2 birds" for a triangle),
// so the demo models count and colour shapes from here and trust the detector on drawings only when it is sure.
import sharp from "sharp";
import { hsl, nameOf } from "./colours";

export type ShapeKind = "square" | "rectangle" | "circle" | "oval" | "triangle" | "diamond" | "shape";

export interface SeenShape {
  kind: ShapeKind;
  colour: string;
  /** x, y, width, height as fractions of the picture */
  box: [number, number, number, number];
  /** of the picture's pixels, 0–1 */
  share: number;
}

export interface Drawing {
  shapes: SeenShape[];
  /** most of the picture is a few flat colours: a drawing rather than a photograph */
  flat: boolean;
}

const SIDE = 240;
/** a region smaller than this share of the picture is an edge's antialiasing or a speck, not a shape */
const MIN_SHARE = 0.002;

/** Kind from the region's fill of its box, its aspect and where along it the region is widest. */
export function classify(fill: number, aspect: number, widestAt: number, widestAcross: number): ShapeKind {
  const even = aspect > 0.85 && aspect < 1.18;
  if (fill >= 0.9) return even ? "square" : "rectangle";
  if (fill >= 0.7 && fill < 0.86) return even ? "circle" : "oval";
  if (fill >= 0.38 && fill < 0.62) {
    // a triangle is widest at one end (its base); a diamond in the middle, both ways
    const atEnd = (at: number) => at < 0.2 || at > 0.8;
    if (atEnd(widestAt) || atEnd(widestAcross)) return "triangle";
    return "diamond";
  }
  return "shape";
}

export async function findShapes(bytes: Uint8Array): Promise<Drawing> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize(SIDE, SIDE, { fit: "inside", kernel: "nearest" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const pixels = width * height;
  const names: string[] = [];
  const ids = new Map<string, number>();
  const label = new Int32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    const i = p * channels;
    const name = nameOf(...hsl(data[i] as number, data[i + 1] as number, data[i + 2] as number));
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      names.push(name);
      ids.set(name, id);
    }
    label[p] = id;
  }
  const counts = new Map<number, number>();
  for (let p = 0; p < pixels; p++) counts.set(label[p] as number, (counts.get(label[p] as number) ?? 0) + 1);
  const top3 = [...counts.values()].sort((a, b) => b - a).slice(0, 3);
  const flat = top3.reduce((sum, c) => sum + c, 0) / pixels > 0.9;

  // connected components of one colour (4-neighbours), by an explicit stack
  const component = new Int32Array(pixels).fill(-1);
  const shapes: SeenShape[] = [];
  const stack: number[] = [];
  for (let start = 0; start < pixels; start++) {
    if (component[start] !== -1) continue;
    const colour = label[start] as number;
    const members: number[] = [];
    component[start] = start;
    stack.push(start);
    let touchesEdge = false;
    let [minX, minY, maxX, maxY] = [width, height, -1, -1];
    while (stack.length) {
      const p = stack.pop() as number;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge = true;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const next = [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y < height - 1 ? p + width : -1,
      ];
      for (const q of next) {
        if (q >= 0 && component[q] === -1 && label[q] === colour) {
          component[q] = start;
          stack.push(q);
        }
      }
    }
    // the background, or a region cut by the frame: not a shape one could name
    if (touchesEdge || members.length < Math.max(12, pixels * MIN_SHARE)) continue;
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    const rows = new Array<number>(h).fill(0);
    const cols = new Array<number>(w).fill(0);
    for (const p of members) {
      const x = p % width;
      const y = (p - x) / width;
      rows[y - minY] = (rows[y - minY] as number) + 1;
      cols[x - minX] = (cols[x - minX] as number) + 1;
    }
    const widest = (profile: number[]) => {
      const most = Math.max(...profile);
      // the middle of the run of rows (or columns) at the widest, so a flat base reads as one end
      const at = profile.flatMap((v, k) => (v >= most * 0.97 ? [k] : []));
      return ((at[0] as number) + (at.at(-1) as number)) / 2 / Math.max(1, profile.length - 1);
    };
    const fill = members.length / (w * h);
    // an outline, an antialiased ring around a shape, a letter: nothing to name
    if (fill < 0.3) continue;
    const kind = classify(fill, w / h, widest(rows), widest(cols));
    if (kind === "shape" && members.length < pixels * 0.01) continue;
    shapes.push({
      kind,
      colour: names[colour] as string,
      box: [minX / width, minY / height, w / width, h / height],
      share: members.length / pixels,
    });
  }
  shapes.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  return { shapes, flat };
}
