// A models file whose models are served by a fake model server: what integration tests, the fault run, the
// benchmarks and the browser tests point ARENA_MODELS_FILE at. The one place tests write model configuration.
import fs from "node:fs";
import path from "node:path";

/** A model of the file: served by the fake under `model` (default: its id); vision unless said otherwise. */
export interface FakeModelEntry {
  id: string;
  model?: string;
  displayName?: string;
  vision?: boolean;
  organization?: string;
  weight?: number;
  priceInputPerMTok?: number;
  priceOutputPerMTok?: number;
  dailyBudgetUsd?: number;
}

/**
 * Writes `<dir>/models.json`: one provider "fake" at `baseURL` (with `provider`'s extra fields, e.g. apiKeyEnv)
 * and the models, a bare name standing for `{ id: name }`.
 */
export function writeFakeModelsFile(
  dir: string,
  baseURL: string,
  models: (string | FakeModelEntry)[],
  provider: { apiKeyEnv?: string; dailyBudgetUsd?: number } = {},
): string {
  const file = path.join(dir, "models.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      providers: { fake: { type: "openai-compatible", baseURL, ...provider } },
      models: models.map((entry) => {
        const spec = typeof entry === "string" ? { id: entry } : entry;
        return { provider: "fake", model: spec.id, displayName: spec.id, vision: true, ...spec };
      }),
    }),
  );
  return file;
}
