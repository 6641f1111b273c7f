import { describe, expect, it } from "vitest";
import { syntheticBattles } from "../../tests/support/ratings/synthetic";
import { BattleTableBuilder, Column, CountError, ints, NO_COUNT } from "./battle-table";
import { computeLeaderboard } from "./leaderboard";
import type { Battle } from "./types";

describe("Column", () => {
  it("gives back its spare room without losing a value, and grows again after", () => {
    const column = new Column(new Float64Array(16), (n) => new Float64Array(n));
    for (let k = 0; k < 1000; k++) column.push(k / 3);
    column.compact();
    expect(Array.from(column.view())).toEqual(Array.from({ length: 1000 }, (_, k) => k / 3));
    column.push(Number.NaN);
    expect(column.length).toBe(1001);
    expect(column.at(1000)).toBeNaN();
    expect(column.at(999)).toBe(999 / 3);
  });

  it("finishes into shared memory when asked, with the same values", () => {
    const column = new Column(new Int32Array(4), (n) => new Int32Array(n));
    for (const v of [5, -1, 7]) column.push(v);
    const shared = column.finish(true);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(shared)).toEqual([5, -1, 7]);
    expect(column.finish().buffer).toBeInstanceOf(ArrayBuffer);
  });

  it("hands over its own array only when full in the memory asked for, and a later push leaves it alone", () => {
    const column = ints({ capacity: 3, shared: true });
    for (const v of [5, -1, 7]) column.push(v);
    expect(column.handOver(false).buffer).toBeInstanceOf(ArrayBuffer);
    const given = column.handOver(true);
    expect(given.buffer).toBe(column.view().buffer);
    column.push(9);
    expect(Array.from(given)).toEqual([5, -1, 7]);
    expect(column.handOver(true).buffer).not.toBe(given.buffer);
    expect(Array.from(column.handOver(true))).toEqual([5, -1, 7, 9]);
  });
});

describe("BattleTableBuilder", () => {
  it("builds the same table in shared memory as shared() copies it", () => {
    const builder = new BattleTableBuilder();
    builder.add({ modelA: "x", modelB: "y", winner: "model_a", language: "English", categories: ["ocr"] });
    builder.add({ modelA: "y", modelB: "z", winner: "tie", turn: 2 });
    const plain = builder.build();
    const shared = builder.build({ shared: true });
    expect(shared.a.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.shared()).toBe(shared);
    expect(shared).toEqual(plain.shared());
  });

  it("made for its battles, builds the same table with the columns handed over", () => {
    const battles = [
      { modelA: "x", modelB: "y", winner: "model_a", language: "English", categories: ["ocr", "humor"] },
      { modelA: "y", modelB: "z", winner: "tie", turn: 2, style: [1, 2, 3, 4, 5, 6, 7, 8], entities: [1, 2] },
    ] as const;
    const plain = new BattleTableBuilder();
    const sized = new BattleTableBuilder({ battles: 2, tags: 2, shared: true });
    for (const battle of battles) {
      plain.add(battle as never);
      sized.add(battle as never);
    }
    const table = sized.build();
    expect(table).toEqual(plain.build({ shared: true }));
    expect(table.style.buffer.byteLength).toBe(2 * 8 * 8);
    expect(table.categoryIds.buffer.byteLength).toBe(2 * 4);
  });

  it("keeps whole counts as 32-bit integers, unknown ones as NO_COUNT, and refuses a count that is not whole", () => {
    const builder = new BattleTableBuilder({ wholeCounts: true });
    builder.add({ modelA: "x", modelB: "y", winner: "model_a", style: [1, 2, 3, 4, 5, 6, 7, 8], entities: [9, 0] });
    builder.add({ modelA: "y", modelB: "x", winner: "tie" });
    const table = builder.build();
    expect(table.style).toBeInstanceOf(Int32Array);
    expect(Array.from(table.style)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, ...Array(8).fill(NO_COUNT)]);
    expect(Array.from(table.entities)).toEqual([9, 0, NO_COUNT, NO_COUNT]);
    expect([table.hasStyle(0), table.hasEntities(0), table.hasStyle(1), table.hasEntities(1)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const fractional = { modelA: "x", modelB: "y", winner: "tie", style: [1.5, 0, 0, 0, 0, 0, 0, 0] } as const;
    expect(() => builder.add(fractional as unknown as Battle)).toThrow(CountError);
  });

  it("fits the same style-controlled board, specificity and all, from integer counts as from float counts", async () => {
    // every third battle's entities unknown, every seventh without style counts: both left out alike
    const battles = [...syntheticBattles({ models: 5, battles: 600, seed: 4 })].map((battle, k) => ({
      ...battle,
      style: k % 7 === 3 ? undefined : battle.style,
      entities: k % 3 === 0 ? undefined : ([k % 11, (k * 5) % 13] as const),
    }));
    const floatBuilder = new BattleTableBuilder();
    const intBuilder = new BattleTableBuilder({ battles: battles.length, wholeCounts: true });
    for (const battle of battles) {
      floatBuilder.add(battle);
      intBuilder.add(battle);
    }
    const [floatTable, intTable] = [floatBuilder.build(), intBuilder.build()];
    expect(intTable.style).toBeInstanceOf(Int32Array);
    const options = {
      styleControl: true,
      styleFeatures: ["tokens", "headers", "lists", "bold", "specificity"] as const,
      bootstrapRounds: 20,
      seed: 3,
      workers: 0,
    };
    const rows = floatTable.allRows();
    const fromFloats = await computeLeaderboard(floatTable, rows, options);
    const fromInts = await computeLeaderboard(intTable, rows, options);
    expect(fromInts.warnings.length).toBeGreaterThan(0);
    expect(JSON.stringify(fromInts)).toBe(JSON.stringify(fromFloats));
  });
});
