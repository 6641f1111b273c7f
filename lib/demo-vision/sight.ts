// What a demo model sees in one picture: its size and format, the colours a person would name, the text in it,
// the objects and faces and where they are. Each part is optional: a part that fails is left out, never the answer.
import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { detectFaces } from "../image-safety/faces";
import { type ColourShare, colourShares } from "./colours";
import { detectObjects } from "./objects";
import { findShapes, type SeenShape } from "./shapes";
import { readText, type SeenText } from "./text";

export interface SeenThing {
  label: string;
  count: number;
  /** where the largest one is, in words ("at the top left", "in the centre") */
  where: string;
  /** below the confident threshold: said with a hedge */
  unsure: boolean;
  /** the best box's score */
  score: number;
  /** the best box, as fractions of the picture */
  box: Box;
  /** the colour a person would name for the largest one (its box's main colour), when it was looked at */
  colour?: string;
}

export interface Sight {
  format: string;
  width: number;
  height: number;
  orientation: "landscape" | "portrait" | "square";
  brightness: number;
  colours: ColourShare[];
  text: { lines: string[]; where: string | null };
  things: SeenThing[];
  faces: number;
  /** flat shapes of a drawing (none in a photograph) */
  shapes: SeenShape[];
  /** a drawing: a few flat colours cover most of it */
  flat: boolean;
}

type Box = [number, number, number, number];

/** A box's place in words, by thirds of the picture. */
export function whereIs([x, y, w, h]: Box): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const across = cx < 0.36 ? "left" : cx > 0.64 ? "right" : "";
  const down = cy < 0.36 ? "top" : cy > 0.64 ? "bottom" : "";
  if (!across && !down) return "in the centre";
  if (!down) return `on the ${across}`;
  return `at the ${down}${across ? ` ${across}` : ""}`;
}

// CenterNet's scores on this project's test pictures: a person 0.56, a cup 0.30, a mouse 0.31; noise below 0.25
export const CONFIDENT = 0.4;
const HEDGED = 0.25;
/** on a drawing CenterNet guesses (a triangle as "2 birds" at 0.3–0.45): only what it is this sure of is said */
const SURE_ON_A_DRAWING = 0.6;
/** a second box of a kind counts as another one only when nearly as sure as the first (one person, two boxes) */
const SAME_KIND_RATIO = 0.6;

function groupThings(objects: { label: string; score: number; box: Box }[]): SeenThing[] {
  const best = new Map<string, { score: number; box: Box }>();
  for (const o of objects) {
    if (o.score >= HEDGED && o.score > (best.get(o.label)?.score ?? 0)) best.set(o.label, o);
  }
  return [...best]
    .sort((a, b) => b[1].score - a[1].score)
    .map(([label, top]) => ({
      label,
      count: objects.filter((o) => o.label === label && o.score >= Math.max(HEDGED, top.score * SAME_KIND_RATIO))
        .length,
      where: whereIs(top.box),
      unsure: top.score < CONFIDENT,
      score: top.score,
      box: top.box,
    }));
}

/** The main colour inside a thing's box (what a person would call the cup's colour), for the surest few. */
async function colourThings(bytes: Uint8Array, things: SeenThing[], width: number, height: number) {
  for (const thing of things.filter((t) => !t.unsure).slice(0, 4)) {
    const [x, y, w, h] = thing.box;
    const left = Math.max(0, Math.floor(x * width));
    const top = Math.max(0, Math.floor(y * height));
    const region = {
      left,
      top,
      width: Math.max(1, Math.min(width - left, Math.round(w * width))),
      height: Math.max(1, Math.min(height - top, Math.round(h * height))),
    };
    const crop = await sharp(bytes).rotate().extract(region).png().toBuffer();
    thing.colour = (await colourShares(crop, 0.2))[0]?.name;
  }
  return things;
}

const settled = <T>(promise: Promise<T>, fallback: T) =>
  promise.catch((error: unknown) => {
    console.warn("demo vision:", error instanceof Error ? error.message : error);
    return fallback;
  });

async function look(bytes: Uint8Array): Promise<Sight> {
  const pipeline = sharp(bytes);
  const [meta, stats] = await Promise.all([pipeline.metadata(), pipeline.stats()]);
  const [r = 0, g = 0, b = 0] = stats.channels.map((c) => c.mean);
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  // the text is read in a worker thread while the detectors run here
  const [colours, text, objects, faces, drawing] = await Promise.all([
    settled(colourShares(bytes), []),
    settled<SeenText>(readText(bytes), { lines: [], box: null }),
    settled(detectObjects(bytes), []),
    settled(detectFaces(Buffer.from(bytes)), []),
    settled(findShapes(bytes), { shapes: [], flat: false }),
  ]);
  const isDrawing = drawing.flat && drawing.shapes.length > 0;
  const grouped = groupThings(objects).filter((t) => !isDrawing || t.score >= SURE_ON_A_DRAWING);
  const things = await settled(colourThings(bytes, grouped, width, height), grouped);
  return {
    format: (meta.format ?? "unknown").toUpperCase(),
    width,
    height,
    orientation: width > height * 1.1 ? "landscape" : height > width * 1.1 ? "portrait" : "square",
    brightness: Math.round(((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255) * 100),
    colours,
    text: { lines: text.lines, where: text.box ? whereIs(text.box) : null },
    things,
    faces: faces.length,
    shapes: drawing.flat ? drawing.shapes : [],
    flat: drawing.flat,
  };
}

// both demo sides of a battle, and every turn of it, look at the same picture: looked at once
const seen = new LRUCache<string, Promise<Sight>>({ max: 64 });

export function lookAt(bytes: Uint8Array): Promise<Sight> {
  const key = crypto.createHash("sha256").update(bytes).digest("hex");
  let sight = seen.get(key);
  if (!sight) {
    sight = look(bytes);
    seen.set(key, sight);
    sight.catch(() => seen.delete(key));
  }
  return sight;
}
