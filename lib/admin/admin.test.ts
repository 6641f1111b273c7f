import { describe, expect, it } from "vitest";
import { modelInput, modelPatch, providerInput } from "./models";
import { sourceLabel } from "./moderation";

describe("the console's model and provider forms", () => {
  it("stores the name of a key's variable, never a key", () => {
    expect(
      providerInput.safeParse({ id: "openai", type: "openai_compatible", apiKeyEnv: "OPENAI_API_KEY" }).success,
    ).toBe(true);
    const key = providerInput.safeParse({ id: "openai", type: "openai_compatible", apiKeyEnv: "sk-proj-abc123" });
    expect(key.success).toBe(false);
    expect(key.error?.issues[0]?.message).toMatch(/NAME of an environment variable/);
  });

  it("takes a model with its defaults and refuses ids, weights and patches out of bounds", () => {
    const model = modelInput.parse({ id: "org/model-1", providerId: "p", providerModelId: "m", displayName: " M " });
    expect(model).toMatchObject({ displayName: "M", vision: false, enabled: true, weight: 1, battleTargets: [] });
    const bad = { providerId: "p", providerModelId: "m", displayName: "M" };
    expect(modelInput.safeParse({ ...bad, id: "has space" }).success).toBe(false);
    expect(modelInput.safeParse({ ...bad, id: "m", weight: -1 }).success).toBe(false);
    expect(modelPatch.safeParse({ weight: 2 }).success).toBe(true);
    expect(modelPatch.safeParse({ id: "renamed" }).success).toBe(false); // a model's id never changes
  });

  it("names a moderation source as people read it", () => {
    expect(sourceLabel("nsfw-classifier")).toBe("Image check (local classifier)");
    expect(sourceLabel("visitor_report")).toBe("Visitor report");
  });
});
