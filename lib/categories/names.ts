// The categories a battle can carry, and who may label them.
import { type Config, config } from "../config";

/** The paper's vision categories (VisionArena Fig. 4) and refusal: labelled by a judge model when one is set. */
export const JUDGED_CATEGORIES = [
  "captioning",
  "ocr",
  "entity_recognition",
  "homework",
  "humor",
  "diagram",
  "creative_writing",
  "refusal",
] as const;
export type JudgedCategory = (typeof JUDGED_CATEGORIES)[number];

/** Tags that become leaderboard categories of their own (refusal becomes the `no_refusal` filter instead). */
export const LEADERBOARD_TAGS = new Set<string>([
  ...JUDGED_CATEGORIES.filter((c) => c !== "refusal"),
  "coding",
  "math",
]);

export const CATEGORY_LABELS: Record<string, string> = {
  overall: "Overall",
  multi_turn: "Multi-turn",
  no_tie: "Exclude ties",
  no_refusal: "Exclude refusals",
  no_preset: "Exclude preset images",
  dedup: "De-duplicate top redundant prompts",
  coding: "Coding",
  math: "Math",
  captioning: "Captioning",
  ocr: "OCR",
  entity_recognition: "Entity recognition",
  homework: "Homework",
  humor: "Humor",
  diagram: "Diagram",
  creative_writing: "Creative writing",
};

export function categoryLabel(name: string): string {
  if (name.startsWith("language:")) return name.slice("language:".length);
  return CATEGORY_LABELS[name] ?? name;
}

/**
 * A category's name in a reader's language: the catalogue's (categories.<name>) for the categories the arena
 * defines, the label itself for the rest (a language category is named by its language).
 */
export const localCategoryLabel = (name: string, t: ((key: string) => string) & { locale?: string }): string => {
  if (name in CATEGORY_LABELS) return t(`categories.${name}`);
  if (name.startsWith("language:") && t.locale) return languageIn(name.slice("language:".length), t.locale);
  return categoryLabel(name);
};

/** English language names (as lib/categories/language.ts stores them, Intl's) back to their ISO 639-1 codes. */
let codesByEnglishName: Map<string, string> | undefined;
function languageCode(englishName: string): string | undefined {
  if (!codesByEnglishName) {
    codesByEnglishName = new Map();
    const english = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const first of letters)
      for (const second of letters) {
        const name = english.of(first + second);
        if (name) codesByEnglishName.set(name, first + second);
      }
  }
  return codesByEnglishName.get(englishName);
}

/** A language category's language named in the reader's language ("English" → "Anglais"), or as stored. */
function languageIn(englishName: string, locale: string): string {
  const code = languageCode(englishName);
  const local = code ? new Intl.DisplayNames([locale], { type: "language", fallback: "none" }).of(code) : undefined;
  return local ? local.charAt(0).toLocaleUpperCase(locale) + local.slice(1) : englishName;
}

/** The rules labeller: its name and version are stored with every label it writes. */
// version 2: the math category; version 3: answers' named-entity counts (specificity) are filled as battles are
// labelled (battles labelled by an earlier version are relabelled by the next sweep)
export const RULES_LABELLER = { name: "rules", version: "3" } as const;
/** The version of the judge prompts (VisionArena supplement §12); part of a judge label's version. */
export const JUDGE_PROMPTS_VERSION = "visionarena-s12";

export const judgeLabellerName = (modelId: string) => `judge:${modelId}`;

/** Whose labels count for the judged categories: the judge's when ARENA_JUDGE_MODEL is set, else the rules'. */
export function judgedByFromEnv(c: Config = config()): string {
  const id = c.ARENA_JUDGE_MODEL?.trim();
  return id ? judgeLabellerName(id) : RULES_LABELLER.name;
}
