import { describe, expect, it } from "vitest";
import { dedupTags, quantile, quantileOfCounts } from "./dedup";

describe("prompt de-duplication", () => {
  it("interpolates quantiles as pandas does", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 1, 1, 100], 0.9999)).toBeCloseTo(99.9703, 4);
    expect(quantile([5], 0.9999)).toBe(5);
  });

  it("gives the same quantile from a histogram of counts", () => {
    const counts = [...Array(5000).fill(2), ...Array(4999).fill(1), 500, 37, 37];
    const histogram = new Map<number, number>();
    for (const c of counts) histogram.set(c, (histogram.get(c) ?? 0) + 1);
    for (const q of [0, 0.5, 0.9, 0.9999, 1])
      expect(quantileOfCounts(histogram, q)).toBeCloseTo(quantile(counts, q), 9);
  });

  it("down-samples only prompts above the cutoff, to the cutoff count, the same way every time", () => {
    // 9999 prompts asked once or twice and one asked 500 times: the cutoff lies between 2 and 500
    const battles: { id: string; promptKey: string }[] = [];
    for (let i = 0; i < 9999; i++) battles.push({ id: `u${i}`, promptKey: `p${i}` });
    for (let i = 0; i < 9999; i += 2) battles.push({ id: `v${i}`, promptKey: `p${i}` });
    for (let i = 0; i < 500; i++) battles.push({ id: `h${i}`, promptKey: "hello" });
    const tags = dedupTags(battles);
    const cutoff = quantile([...Array(5000).fill(2), ...Array(4999).fill(1), 500], 0.9999);
    const hello = tags.filter((_, i) => battles[i]?.promptKey === "hello");
    expect(hello.every((t) => t.highFreq)).toBe(true);
    expect(hello.filter((t) => t.sampled)).toHaveLength(Math.floor(cutoff));
    const rest = tags.filter((_, i) => battles[i]?.promptKey !== "hello");
    expect(rest.every((t) => !t.highFreq && t.sampled)).toBe(true);
    expect(dedupTags([...battles].reverse()).reverse()).toEqual(tags);
  });
});
