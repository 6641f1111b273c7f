import { describe, expect, it } from "vitest";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { BattleTable } from "./battle-table";
import { boardDigest, rowDigests } from "./board-input";
import type { Battle } from "./types";

const battles = [...syntheticBattles({ models: 6, battles: 400, seed: 2 })];
const options = {
  styleControl: true,
  styleFeatures: ["tokens", "headers", "lists", "bold"] as const,
  bootstrapRounds: 100,
  seed: 0,
  matrices: false,
};
const digestOf = (list: Battle[], rows: Uint32Array, o: typeof options = options) => {
  const table = BattleTable.from(list);
  return boardDigest(table, rowDigests(table), rows, o);
};
const firstHalf = Uint32Array.from({ length: 200 }, (_, i) => i);

describe("a board's input digest", () => {
  const base = digestOf(battles, firstHalf);

  it("is the same for the same battles and options", () => {
    expect(
      digestOf(
        battles.map((b) => ({ ...b })),
        firstHalf,
      ),
    ).toBe(base);
  });

  it("ignores battles outside the board", () => {
    const changed = battles.map((b, i) => (i === 300 ? { ...b, winner: b.winner === "tie" ? "model_a" : "tie" } : b));
    expect(digestOf(changed as Battle[], firstHalf)).toBe(base);
  });

  it("changes with any one battle's outcome, models, style or entity counts, or with the options", () => {
    const at = 17;
    const edit = (change: Partial<Battle>) => battles.map((b, i) => (i === at ? { ...b, ...change } : b));
    const b = battles[at] as Battle;
    const counts = [...(b.style ?? [])];
    counts[5] = (counts[5] as number) + 1;
    const style = counts as unknown as Battle["style"];
    const variants = [
      edit({ winner: b.winner === "model_a" ? "model_b" : "model_a" }),
      edit({ modelA: b.modelB, modelB: b.modelA }),
      edit({ style }),
      edit({ entities: [3, 4] }),
    ];
    for (const variant of variants) expect(digestOf(variant, firstHalf)).not.toBe(base);
    expect(digestOf(battles, firstHalf, { ...options, bootstrapRounds: 99 })).not.toBe(base);
    expect(digestOf(battles, firstHalf, { ...options, styleControl: false })).not.toBe(base);
    expect(digestOf(battles, firstHalf.subarray(1))).not.toBe(base);
  });
});
