// What the sampling tests share: a candidate model and a seeded generator (the frequencies the tests check are the
// same on every run).
import type { Candidate } from "./fastchat";

/** A model in the battle pool (enabled, reading images, weight 1) with `extra` over it. */
export const candidate = (id: string, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  weight: 1,
  vision: true,
  enabled: true,
  outage: false,
  battleTargets: [],
  ...extra,
});

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
