// A models file whose models are served by a fake model server: what integration tests, the fault run and the
// benchmarks point ARENA_MODELS_FILE at.
import fs from "node:fs";
import path from "node:path";

/** Writes `<dir>/models.json`: one vision model per name, each served under that name by the fake at `baseURL`. */
export function writeFakeModelsFile(dir: string, baseURL: string, names: string[]): string {
  const file = path.join(dir, "models.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      providers: { fake: { type: "openai-compatible", baseURL } },
      models: names.map((name) => ({ id: name, provider: "fake", model: name, displayName: name, vision: true })),
    }),
  );
  return file;
}
