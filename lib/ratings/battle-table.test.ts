import { describe, expect, it } from "vitest";
import { BattleTableBuilder, Column } from "./battle-table";

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
});
