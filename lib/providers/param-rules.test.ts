import { describe, expect, it } from "vitest";
import { learnFrom, samplingParams } from "./param-rules";

// OpenAI's own 400 bodies for an o-series / gpt-5 model
const MAX_TOKENS = {
  message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
  param: "max_tokens",
  code: "unsupported_parameter",
};
const TEMPERATURE = {
  message:
    "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
  param: "temperature",
  code: "unsupported_value",
};

describe("parameter rules", () => {
  it("sends max_tokens and the temperature by default, and what the rules say otherwise", () => {
    expect(samplingParams(null, { maxOutputTokens: 2048, temperature: 0.7 })).toEqual({
      max_tokens: 2048,
      temperature: 0.7,
    });
    expect(
      samplingParams(
        { maxTokens: "max_completion_tokens", temperature: "omit" },
        { maxOutputTokens: 2048, temperature: 0.7 },
      ),
    ).toEqual({ max_completion_tokens: 2048 });
    expect(samplingParams({ maxTokens: "omit" }, { maxOutputTokens: 10 })).toEqual({});
  });

  it("learns from OpenAI's refusals, one parameter at a time, and not from anything else", () => {
    const first = learnFrom(MAX_TOKENS, null);
    expect(first).toEqual({ maxTokens: "max_completion_tokens" });
    expect(learnFrom(TEMPERATURE, first)).toEqual({ maxTokens: "max_completion_tokens", temperature: "omit" });
    // a server that takes neither name: the limit is left out
    expect(learnFrom({ message: "Unrecognized request argument supplied: max_completion_tokens" }, first)).toEqual({
      maxTokens: "omit",
    });
    // once learned, the same refusal teaches nothing new (no loop)
    expect(learnFrom(TEMPERATURE, { temperature: "omit" })).toBeNull();
    expect(learnFrom({ message: "Invalid image: could not decode" }, null)).toBeNull();
    expect(learnFrom({ message: "This model's maximum context length is 8192 tokens" }, null)).toBeNull();
    expect(learnFrom(undefined, null)).toBeNull();
  });

  it("sends a model's own length limit and reasoning effort, and learns to go without an effort a server refuses", () => {
    expect(
      samplingParams({ maxOutputTokens: 8000, reasoningEffort: "high" }, { maxOutputTokens: 2048, temperature: 0.7 }),
    ).toEqual({ max_tokens: 8000, temperature: 0.7, reasoning_effort: "high" });
    // vLLM serving a model without reasoning, as it words the refusal
    const refused = { message: "reasoning_effort is not supported for this model", param: "reasoning_effort" };
    expect(learnFrom(refused, { reasoningEffort: "low", maxOutputTokens: 8000 })).toEqual({ maxOutputTokens: 8000 });
    expect(learnFrom(refused, { maxOutputTokens: 8000 })).toBeNull();
  });
});
