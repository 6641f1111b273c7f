import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseModelsConfig } from "./config";
import { destinationTrusted, keyVariableAllowed } from "./key-policy";
import { presetModelsFile, withPresetTable } from "./preset-docs";
import { PROVIDER_PRESETS } from "./presets";

describe("provider presets", () => {
  it("cover the servers people run, each a valid models file whose key may travel where it should", () => {
    expect(PROVIDER_PRESETS.map((p) => p.id)).toEqual([
      "openai",
      "anthropic",
      "gemini",
      "openrouter",
      "azure",
      "vllm",
      "ollama",
      "lmstudio",
      "together",
      "groq",
      "mistral",
    ]);
    for (const preset of PROVIDER_PRESETS) {
      expect(() => parseModelsConfig(JSON.stringify(presetModelsFile(preset)), "preset"), preset.id).not.toThrow();
      if (preset.apiKeyEnv) expect(keyVariableAllowed(preset.apiKeyEnv), preset.id).toBe(true);
      // official endpoints take keys; an Azure resource must be listed by the operator; local servers are local
      const trusted = destinationTrusted(preset.type, preset.baseURL);
      expect(trusted, preset.id).toBe(preset.id !== "azure");
    }
  });

  it("are documented in docs/configuration.md as generated (npm run docs:config)", () => {
    const page = fs.readFileSync("docs/configuration.md", "utf8");
    expect(withPresetTable(page), "run `npm run docs:config`").toBe(page);
  });
});
