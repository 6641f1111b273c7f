import { describe, expect, it } from "vitest";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { BattleTable, BattleTableBuilder } from "./battle-table";
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

  it("reads every count of a table whose counts are 32-bit integers", () => {
    const wholeDigest = (list: Battle[]) => {
      const builder = new BattleTableBuilder({ wholeCounts: true });
      for (const battle of list) builder.add(battle);
      const table = builder.build();
      return boardDigest(table, rowDigests(table), firstHalf, options);
    };
    const whole = wholeDigest(battles);
    expect(wholeDigest(battles.map((b) => ({ ...b })))).toBe(whole);
    // the last count of the last battle of the half, and its entities: the row's words end where the next begin
    const at = 199;
    const b = battles[at] as Battle;
    const counts = [...(b.style ?? [])];
    counts[7] = (counts[7] as number) + 1;
    const edit = (change: Partial<Battle>) => battles.map((x, i) => (i === at ? { ...x, ...change } : x));
    expect(wholeDigest(edit({ style: counts as unknown as Battle["style"] }))).not.toBe(whole);
    expect(wholeDigest(edit({ entities: [0, 1] }))).not.toBe(whole);
    expect(wholeDigest(battles.map((x, i) => (i === 200 ? { ...x, entities: [5, 5] } : x)))).toBe(whole);
  });
});
