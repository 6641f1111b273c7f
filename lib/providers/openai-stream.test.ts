import { describe, expect, it } from "vitest";
import { contentOf } from "./openai-stream";

describe("delta.content in every shape servers stream it", () => {
  it("reads a string, null, and Mistral's list of thinking and text parts (never as [object Object])", () => {
    expect(contentOf("A red house.")).toEqual({ answer: "A red house.", thought: "" });
    expect(contentOf(null)).toEqual({ answer: "", thought: "" });
    expect(contentOf(undefined)).toEqual({ answer: "", thought: "" });
    expect(
      contentOf([
        {
          type: "thinking",
          thinking: [
            { type: "text", text: "Two and two" },
            { type: "text", text: " make four." },
          ],
        },
        { type: "text", text: "2 + 2 = 4" },
      ]),
    ).toEqual({ answer: "2 + 2 = 4", thought: "Two and two make four." });
    // an older shape (the thought as a string), and parts the arena does not show (a reference, an image)
    expect(
      contentOf([{ type: "thinking", thinking: "Hmm." }, { type: "reference", reference_ids: [1] }, null, 3]),
    ).toEqual({ answer: "", thought: "Hmm." });
  });
});
