// Issue 66: with a demo board on, a demo battle's vote builds that board, so the metrics count it as counted (they
// counted it `excluded, reason=demo`); without one it stays excluded for being a demo.
import { describe, expect, it } from "vitest";
import { processMetricsText } from "./cluster";
import { countVote } from "./index";

const sample = (text: string, labels: string) =>
  Number(new RegExp(`^arena_votes_total\\{${labels}\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);

describe("votes in the metrics", () => {
  it("counts a demo battle's vote as counted on a demo board, as excluded (demo) without one", async () => {
    const before = await processMetricsText();
    countVote(["demo"], { demoBoard: true });
    const onBoard = await processMetricsText();
    expect(sample(onBoard, 'result="counted",reason="none"') - sample(before, 'result="counted",reason="none"')).toBe(
      1,
    );
    expect(sample(onBoard, 'result="excluded",reason="demo"')).toBe(sample(before, 'result="excluded",reason="demo"'));
    countVote(["demo"]);
    const offBoard = await processMetricsText();
    expect(
      sample(offBoard, 'result="excluded",reason="demo"') - sample(onBoard, 'result="excluded",reason="demo"'),
    ).toBe(1);
    // a vote excluded for another reason stays excluded on a demo board too
    countVote(["demo", "daily_cap"], { demoBoard: true });
    const capped = await processMetricsText();
    expect(
      sample(capped, 'result="excluded",reason="daily_cap"') - sample(offBoard, 'result="excluded",reason="daily_cap"'),
    ).toBe(1);
    expect(sample(capped, 'result="counted",reason="none"')).toBe(sample(offBoard, 'result="counted",reason="none"'));
  });
});
