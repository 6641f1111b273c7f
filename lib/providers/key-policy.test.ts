import { afterEach, describe, expect, it } from "vitest";
import { destinationTrusted, keyRefusal, keyVariableAllowed, providerKey } from "./key-policy";

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe("provider keys", () => {
  it("lets only key-like variables, or listed ones, hold a key; never the arena's own secrets", () => {
    for (const name of ["OPENAI_API_KEY", "GROQ_KEY", "FAKE_KEY"]) expect(keyVariableAllowed(name)).toBe(true);
    for (const name of ["DATABASE_URL", "ARENA_ADMIN_PASSWORD", "AUTH_SECRET", "ARENA_S3_SECRET_ACCESS_KEY", "HOME"])
      expect(keyVariableAllowed(name)).toBe(false);
    process.env.ARENA_PROVIDER_KEY_VARIABLES = "MY_TOKEN";
    expect(keyVariableAllowed("MY_TOKEN")).toBe(true);
  });

  it("sends a key only to an address the operator configured", () => {
    process.env.PROBE_API_KEY = "sk-probe";
    process.env.DATABASE_URL = "postgresql://u:secret@db:5432/x";
    delete process.env.ARENA_MODELS_FILE;
    const to = (baseURL: string | null, providerType: "openai_compatible" | "anthropic" = "openai_compatible") => ({
      apiKeyEnv: "PROBE_API_KEY",
      baseURL,
      providerType,
    });
    expect(providerKey(to("https://evil.example/v1"))).toBeUndefined();
    expect(keyRefusal(to("https://evil.example/v1"))).toMatch(/only to addresses/);
    expect(providerKey(to("http://127.0.0.1:8000/v1"))).toBe("sk-probe");
    expect(providerKey(to(null, "anthropic"))).toBe("sk-probe");
    expect(destinationTrusted("anthropic", "https://api.anthropic.com/v1")).toBe(true);
    expect(
      providerKey({ apiKeyEnv: "DATABASE_URL", baseURL: "http://127.0.0.1:1/v1", providerType: "openai_compatible" }),
    ).toBeUndefined();
    process.env.ARENA_PROVIDER_ORIGINS = "https://llm.internal.example";
    expect(providerKey(to("https://llm.internal.example/v1"))).toBe("sk-probe");
  });
});
