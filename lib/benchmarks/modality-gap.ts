// The modality gap of a benchmark asked in several representations (IsoBench): accuracy with the best text
// representation of each task − accuracy with the image, over the items answered both ways, with a seeded paired
// bootstrap interval (the paper's Δ).
import { createRandom, quantileSorted } from "../numeric";
import type { ItemVerdict } from "./definition";

export interface ModalityGap {
  /** accuracy with the best text representation of each task − accuracy with the image, over the same items */
  gap: number;
  ci: [number, number];
  pairs: number;
  image: number;
  text: number;
  bestText: Record<string, string>;
}

/** The gap over verdicts keyed task/id/representation; `techniques` (IsoCombination, IsoScratchPad) are never the best
 *  text. */
export function modalityGap(
  items: Record<string, ItemVerdict>,
  techniques: readonly string[],
  rounds = 2000,
  seed = 0,
): ModalityGap | null {
  const byItem = new Map<string, Map<string, boolean>>();
  const perTaskRep = new Map<string, Map<string, { correct: number; total: number }>>();
  for (const [key, verdict] of Object.entries(items)) {
    const [task, id, representation] = key.split("/") as [string, string, string];
    const item = byItem.get(`${task}/${id}`) ?? new Map<string, boolean>();
    item.set(representation, verdict.correct);
    byItem.set(`${task}/${id}`, item);
    const reps = perTaskRep.get(task) ?? new Map<string, { correct: number; total: number }>();
    const t = reps.get(representation) ?? { correct: 0, total: 0 };
    t.total++;
    if (verdict.correct) t.correct++;
    reps.set(representation, t);
    perTaskRep.set(task, reps);
  }
  const bestText: Record<string, string> = {};
  for (const [task, reps] of perTaskRep) {
    // the dataset's text representations only: techniques are not representations
    const texts = [...reps].filter(([rep]) => rep !== "image" && !techniques.includes(rep));
    texts.sort((p, q) => q[1].correct / q[1].total - p[1].correct / p[1].total);
    if (texts[0]) bestText[task] = texts[0][0];
  }
  const pairs: [number, number][] = [];
  for (const [key, reps] of byItem) {
    const task = key.split("/")[0] as string;
    const best = bestText[task];
    if (best && reps.has("image") && reps.has(best)) pairs.push([reps.get("image") ? 1 : 0, reps.get(best) ? 1 : 0]);
  }
  if (pairs.length === 0) return null;
  const mean = (xs: [number, number][], i: 0 | 1) => xs.reduce((s, p) => s + p[i], 0) / xs.length;
  const image = mean(pairs, 0);
  const text = mean(pairs, 1);
  const rand = createRandom(seed, 1);
  const gaps: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    for (let k = 0; k < pairs.length; k++) {
      const pair = pairs[(rand() * pairs.length) | 0] as [number, number];
      sum += pair[1] - pair[0];
    }
    gaps.push(sum / pairs.length);
  }
  gaps.sort((p, q) => p - q);
  return {
    gap: text - image,
    ci: [quantileSorted(gaps, 0.025), quantileSorted(gaps, 0.975)],
    pairs: pairs.length,
    image,
    text,
    bestText,
  };
}
