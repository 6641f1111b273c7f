import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { blocklistCheck, moderate, openAiModerationCheck } from "./index";

describe("moderation", () => {
  it("blocklist matches whole terms, case-insensitively", async () => {
    const check = blocklistCheck(["bad thing", "Zorp"]);
    expect((await check("a BAD THING here")).flagged).toBe(true);
    expect((await check("zorp!")).flagged).toBe(true);
    expect((await check("zorpification")).flagged).toBe(false);
    expect((await check("nothing to see")).flagged).toBe(false);
  });

  it("asks the OpenAI moderation endpoint with the key, and reports the flagged categories", async () => {
    const seen: { auth?: string; input?: string }[] = [];
    const server = http.createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const input = JSON.parse(body).input as string;
      seen.push({ auth: req.headers.authorization, input });
      const flagged = input.includes("hurt");
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ results: [{ flagged, categories: { violence: flagged, sexual: false } }] }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/moderations`;
    const check = openAiModerationCheck("mod-key", url);
    expect(await moderate("how to hurt", [check])).toEqual({
      flagged: true,
      source: "openai-moderation",
      reason: "violence",
    });
    expect(await moderate("a kind question", [check])).toEqual({ flagged: false });
    expect(seen[0]).toEqual({ auth: "Bearer mod-key", input: "how to hurt" });
    server.close();
  });
});
