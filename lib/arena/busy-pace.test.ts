import { describe, expect, it } from "vitest";
import { BusyPace } from "./busy-pace";

describe("busy time per image", () => {
  it("divides the time anything was in progress among the images finished in it", () => {
    let now = 0;
    const pace = new BusyPace(45, () => now);
    expect(pace.msPerItem).toBe(45);
    // one image alone for 40 ms: the figure moves a twentieth of the way from 45 to 40
    const alone = pace.start();
    now = 40;
    alone();
    expect(pace.msPerItem).toBeCloseTo(44.75, 10);
    // idle time between images is not counted
    now = 1_000;
    // four at once sharing the cores, finishing 10 ms apart after 25: each completion is 10 ms of busy time
    const four = [pace.start(), pace.start(), pace.start(), pace.start()];
    expect(pace.inProgress).toBe(4);
    const samples: number[] = [];
    let before = pace.msPerItem;
    for (const [k, finish] of four.entries()) {
      now = 1_025 + 10 * k;
      finish();
      finish(); // a second call changes nothing
      // the sample that moved the figure: before + (sample - before) / 20
      samples.push(before + (pace.msPerItem - before) * 20);
      before = pace.msPerItem;
    }
    expect(samples.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([25, 10, 10, 10]);
    expect(pace.inProgress).toBe(0);
  });
});
