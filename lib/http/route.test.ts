import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldLabel, readJson } from "./route";

describe("a refused request body", () => {
  it("names the field as the console's form does, never its code (issue 40)", async () => {
    const schema = z.object({ apiKeyEnv: z.string().regex(/^[A-Z_]+$/), rateLimit: z.number().optional() });
    const request = new Request("http://x/", { method: "POST", body: JSON.stringify({ apiKeyEnv: "sk-live" }) });
    const error = await readJson(request, schema).catch((e: Error) => e);
    expect(error).toMatchObject({ code: "invalid_request" });
    expect((error as Error).message).toMatch(/^Key variable: /);
    expect((error as Error).message).not.toContain("apiKeyEnv");
    expect(fieldLabel(["rateLimit"])).toBe("rate limit");
    expect(fieldLabel(["battleTargets", 2])).toBe("Battle targets › #3");
  });
});
