import { describe, expect, it } from "vitest";
import { BattleTableBuilder, Column, ints } from "./battle-table";

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
});
