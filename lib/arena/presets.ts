// The images the Random image button draws: the bundled bank (public/presets, written by `npm run bank`) and, when
// enabled, imported benchmark items; with the credit each is shown with, and the upload a chosen one stands for.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/context";
import { NotFound } from "../errors";
import { type ItemPreset, itemPresets, presetCount } from "../evals/presets";
import { loadImage } from "../images";

/** An image of the bundled bank (public/presets/index.json, written by `npm run bank`). */
export interface PresetImage {
  id: string;
  file: string;
  question: string;
  kind: string;
  /** a photograph (credited when offered) rather than an image drawn for the project */
  photo?: boolean;
  title?: string;
  author?: string;
  licence?: string;
  source?: string;
}

/** The line a photograph of the bank is shown with: CC BY asks for it, and the others deserve it. */
export const presetCredit = (p: PresetImage): string | undefined =>
  p.photo ? `Photo: ${p.title ? `${p.title}, ` : ""}${p.author} · ${p.licence}` : undefined;

/** A preset as the page offers it: where its image is, and whom to credit for it. */
export interface OfferedPreset {
  id: string;
  url: string;
  question: string;
  kind: string;
  credit?: string;
}

let itemPresetCache: { at: number; count: number; value: Promise<ItemPreset[]> } | undefined;
const ITEM_PRESET_TTL_MS = 60_000;

/** Benchmark items offered as presets (ARENA_BENCHMARK_PRESETS), read at most once a minute per process. */
function cachedItemPresets(db: Db): Promise<ItemPreset[]> {
  const count = presetCount();
  const stale =
    !itemPresetCache || itemPresetCache.count !== count || Date.now() - itemPresetCache.at > ITEM_PRESET_TTL_MS;
  if (stale) {
    const value = itemPresets(db, count).catch((error) => {
      itemPresetCache = undefined;
      throw error;
    });
    itemPresetCache = { at: Date.now(), count, value };
  }
  return (itemPresetCache as { value: Promise<ItemPreset[]> }).value;
}

/** Every preset the Random image button may draw: the bundled bank, and imported benchmark items when enabled. */
export async function offeredPresets(db: Db): Promise<OfferedPreset[]> {
  const bundled = presetBank().map((p) => ({
    id: p.id,
    url: `/presets/${p.file}`,
    question: p.question,
    kind: p.kind,
    credit: presetCredit(p),
  }));
  const items = (await cachedItemPresets(db)).map((p) => ({
    id: p.id,
    url: `/api/images/${p.imageSha}`,
    question: p.question,
    kind: p.kind,
    credit: p.credit,
  }));
  return [...bundled, ...items];
}

export function presetBank(): PresetImage[] {
  const file = path.join(process.cwd(), "public", "presets", "index.json");
  try {
    return JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as PresetImage[];
  } catch {
    return [];
  }
}

/** The credit line of the preset a conversation started from, when it has one (photographs, benchmark items). */
export async function presetCreditOf(db: Db, presetId: string): Promise<string | undefined> {
  if (presetId.startsWith("benchmark:")) {
    return (await cachedItemPresets(db).catch(() => [])).find((p) => p.id === presetId)?.credit;
  }
  const preset = presetBank().find((p) => p.id === presetId);
  return preset ? presetCredit(preset) : undefined;
}

/** The upload a chosen preset stands for (an Upload of ./attachments). */
export async function presetUpload(db: Db, presetId: string): Promise<{ name: string; bytes: Uint8Array }> {
  if (presetId.startsWith("benchmark:")) {
    // only items the bank offers right now, not any prompt item by id
    const item = (await cachedItemPresets(db)).find((p) => p.id === presetId);
    const image = item ? await loadImage(db.prisma, item.imageSha) : null;
    if (!item || !image) throw new NotFound("unknown_preset", `unknown preset image '${presetId}'`);
    return { name: `preset.${image.mime.split("/")[1] ?? "png"}`, bytes: image.data };
  }
  const preset = presetBank().find((p) => p.id === presetId);
  if (!preset) throw new NotFound("unknown_preset", `unknown preset image '${presetId}'`);
  return { name: preset.file, bytes: fs.readFileSync(path.join(process.cwd(), "public", "presets", preset.file)) };
}
