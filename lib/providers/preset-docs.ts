// docs/configuration.md's table of provider presets, written from ./presets.ts (`npm run docs:config` puts it in place; a
// unit test fails when they part), and each preset as a models-file entry.
import { markdownTable, withGenerated } from "../config/docs";
import { PROVIDER_PRESETS, type ProviderPreset } from "./presets";

export const PRESETS_START = "<!-- presets:start (generated from lib/providers/presets.ts by npm run docs:config) -->";
export const PRESETS_END = "<!-- presets:end -->";

const FILE_TYPE = { openai_compatible: "openai-compatible", anthropic: "anthropic", google: "google" } as const;

/** A models file with this preset's provider and example model. */
export function presetModelsFile(preset: ProviderPreset) {
  return {
    providers: {
      [preset.id]: {
        type: FILE_TYPE[preset.type],
        ...(preset.baseURL ? { baseURL: preset.baseURL } : {}),
        ...(preset.apiKeyEnv ? { apiKeyEnv: preset.apiKeyEnv } : {}),
      },
    },
    models: [
      {
        id: `${preset.id}-example`,
        provider: preset.id,
        model: preset.exampleModel,
        displayName: `${preset.label} example`,
        vision: true,
        ...(preset.params ? { params: preset.params } : {}),
      },
    ],
  };
}

const cell = (text: string) => text.replaceAll("|", "\\|");

export function presetTable(): string {
  const rows = PROVIDER_PRESETS.map((p) => [
    p.label,
    `\`${FILE_TYPE[p.type]}\``,
    p.baseURL ? `\`${p.baseURL}\`` : "(the SDK's)",
    p.apiKeyEnv ? `\`${p.apiKeyEnv}\`` : "none",
    `\`${cell(p.exampleModel)}\``,
    p.params ? `\`${cell(JSON.stringify(p.params))}\`` : "",
    cell(p.quirks),
  ]);
  const header = ["server", "type", "baseURL", "key variable", "example model", "params", "what we handle"];
  return [PRESETS_START, markdownTable(header, rows), PRESETS_END].join("\n");
}

/** docs/configuration.md with its presets table replaced. */
export const withPresetTable = (page: string) =>
  withGenerated(page, [PRESETS_START, PRESETS_END], presetTable(), "provider presets table");
