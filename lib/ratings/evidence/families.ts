// Model families: a maker can gain places by entering near-copies of one model (the "clone effect", ICML 2026): each
// variant takes a rank of its own. Variants are named alike, differing by a date stamp, a snapshot number or a
// preview/experimental tag; the probe lists each family with more than one ranked variant and the board with one
// model per family (its best-rated variant), where the other models' Rank (UB) is counted again.
import type { ModelRating } from "../leaderboard";
import { rankUpperBound } from "../ranks";
import type { Probe } from "./types";

// endings that mark a variant of the same model, taken off one at a time from the end
const VARIANT_ENDINGS = [
  /[-_@:.]?\d{4}-?\d{2}-?\d{2}$/, // a date: -2024-08-06, -20240806, @20250514
  /[-_]\d{2}-\d{2}$/, // a month and day: -03-25
  /[-_]\d{3,4}$/, // a snapshot: -0613, -001
  /[-_:](latest|preview|exp|experimental|beta|free|new)$/,
];

/** The family a model id belongs to: its name without the maker's prefix and the endings of a variant. */
export function familyOf(model: string): string {
  let name = model.toLowerCase().replace(/^.*\//, "");
  for (let changed = true; changed; ) {
    changed = false;
    for (const ending of VARIANT_ENDINGS) {
      const next = name.replace(ending, "");
      if (next !== name && next.length > 0) {
        name = next;
        changed = true;
      }
    }
  }
  return name;
}

export interface Family {
  family: string;
  /** its ranked variants, best first */
  variants: string[];
}

export function families(models: readonly ModelRating[]): Probe {
  const ranked = models.filter((m) => m.ranked).sort((x, y) => y.rating - x.rating);
  const byFamily = new Map<string, ModelRating[]>();
  for (const m of ranked) {
    const key = `${m.component}\u0000${familyOf(m.model)}`;
    byFamily.set(key, [...(byFamily.get(key) ?? []), m]);
  }
  const multiple: Family[] = [...byFamily.entries()]
    .filter(([, variants]) => variants.length > 1)
    .map(([key, variants]) => ({ family: key.split("\u0000")[1] as string, variants: variants.map((m) => m.model) }));
  // the board with one model per family: each family's best-rated variant, ranks counted again among them
  const kept = [...byFamily.values()].map((variants) => variants[0] as ModelRating);
  const ranks = rankUpperBound(kept);
  const onePerFamily = kept.map((m, k) => ({ model: m.model, rank: ranks[k] as number, was: m.rank }));
  const gained = onePerFamily.reduce((best, m) => Math.max(best, m.was - m.rank), 0);
  const variants = multiple.reduce((n, f) => n + f.variants.length, 0);
  return {
    id: "families",
    fired: multiple.length > 0,
    bar: "one family (a model's dated, numbered or preview variants) has two or more ranked variants",
    finding:
      multiple.length === 0
        ? "every ranked model is of a family of its own"
        : `${multiple.length} famil${multiple.length === 1 ? "y has" : "ies have"} ${variants} ranked variants (${multiple.map((f) => `${f.family}: ${f.variants.length}`).join(", ")}); with one per family, a model gains up to ${gained} place${gained === 1 ? "" : "s"}`,
    figures: { families: multiple, onePerFamily, largestGain: gained },
  };
}
