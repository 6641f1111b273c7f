import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { DEMO_CONFIG, loadModelsConfig, ModelsConfigError, parseModelsConfig } from "./config";

const valid = {
  providers: { local: { type: "openai-compatible", baseURL: "http://127.0.0.1:8001/v1", apiKeyEnv: "LOCAL_API_KEY" } },
  models: [
    {
      id: "gpt-4o",
      provider: "local",
      model: "gpt-4o",
      displayName: "GPT-4o",
      organization: "OpenAI",
      license: "Proprietary",
      vision: true,
      weight: 1,
    },
  ],
};

describe("models file", () => {
  it("accepts the documented shape and fills defaults", () => {
    const config = parseModelsConfig(JSON.stringify(valid), "test");
    expect(config.models[0]).toMatchObject({ id: "gpt-4o", enabled: true, battleTargets: [] });
  });

  it.each([
    ["{ not json", "test is not valid JSON"],
    [
      JSON.stringify({ ...valid, models: [{ ...valid.models[0], provider: "nowhere" }] }),
      "models[0].provider: unknown provider 'nowhere'",
    ],
    [
      JSON.stringify({ ...valid, models: [valid.models[0], valid.models[0]] }),
      "models[1].id: duplicate model id 'gpt-4o'",
    ],
    [JSON.stringify({ ...valid, models: [{ ...valid.models[0], vision: "yes" }] }), "models[0].vision"],
    [JSON.stringify({ ...valid, providers: { local: { type: "openai-compatible" } } }), "providers.local.baseURL"],
    [
      JSON.stringify({ ...valid, providers: { local: { ...valid.providers.local, apiKeyEnv: "sk-live-123" } } }),
      "must be an environment variable name",
    ],
    [JSON.stringify({ ...valid, models: [] }), "list at least one model"],
  ])("explains what is wrong: %s", (text, message) => {
    expect(() => parseModelsConfig(text, "test")).toThrow(ModelsConfigError);
    expect(() => parseModelsConfig(text, "test")).toThrow(message);
  });

  it("uses the demo models when nothing is configured, and names an unreadable file", () => {
    expect(loadModelsConfig(parseConfig({})).config).toBe(DEMO_CONFIG);
    expect(DEMO_CONFIG.models.length).toBeGreaterThanOrEqual(3);
    expect(() => loadModelsConfig(parseConfig({ ARENA_MODELS_FILE: "/nonexistent/models.json" }))).toThrow(
      "ARENA_MODELS_FILE: cannot read /nonexistent/models.json: ENOENT",
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "arena-cfg-")), "m.json");
    fs.writeFileSync(file, JSON.stringify(valid));
    expect(loadModelsConfig(parseConfig({ ARENA_MODELS_FILE: file })).config.models).toHaveLength(1);
  });
});
