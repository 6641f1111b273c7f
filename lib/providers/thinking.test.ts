import { describe, expect, it } from "vitest";
import { ThinkingSplitter } from "./thinking";

/** Feeds `chunks` and returns everything said, joined. */
function run(chunks: string[]) {
  const splitter = new ThinkingSplitter();
  let answer = "";
  let thought = "";
  for (const chunk of [...chunks.map((c) => splitter.push(c)), splitter.end()]) {
    answer += chunk.answer;
    thought += chunk.thought;
  }
  return { answer, thought };
}

/** Every way of cutting `text` into three chunks. */
function* cuts(text: string) {
  for (let i = 0; i <= text.length; i++)
    for (let j = i; j <= text.length; j++) yield [text.slice(0, i), text.slice(i, j), text.slice(j)];
}

describe("ThinkingSplitter", () => {
  it("separates <think>…</think> at the start from the answer, however the chunks fall", () => {
    const text = "\n<think>The area is ½ab = 6.</think>\n\nThe answer is **6**.";
    for (const chunks of cuts(text)) {
      expect(run(chunks), JSON.stringify(chunks)).toEqual({
        answer: "The answer is **6**.",
        thought: "The area is ½ab = 6.",
      });
    }
  });

  it("leaves answers without thinking untouched, tags later in the text included", () => {
    for (const text of ["Hello", "  <b>bold</b>", "<thin ice", "Use <think> tags like this </think>.", "", "<"]) {
      for (const chunks of cuts(text)) expect(run(chunks)).toEqual({ answer: text, thought: "" });
    }
  });

  it("keeps an unfinished thought as thought", () => {
    expect(run(["<think>still going", " and going</thi"])).toEqual({
      answer: "",
      thought: "still going and going</thi",
    });
  });
});
