import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { streamChat } from "./adapters";
import { type ChatTurn, type ModelTarget, ProviderError } from "./types";

let server: FakeModelServer;
beforeAll(async () => {
  process.env.FAKE_TEST_KEY = "sk-test-123";
  server = await startFakeModelServer({
    apiKey: "sk-test-123",
    models: {
      steady: { reply: "Hello there, general", tokenDelayMs: 2 },
      long: { reply: Array.from({ length: 200 }, (_, i) => `w${i}`).join(" "), tokenDelayMs: 5 },
      broken: { failure: { kind: "http", status: 500 } },
      limited: { failure: { kind: "http", status: 429, retryAfterSeconds: 3 } },
      cut: { reply: "one two three four five six", tokenDelayMs: 5, failure: { kind: "cut", afterTokens: 3 } },
      hang: { failure: { kind: "hang", afterTokens: 1 }, reply: "first then nothing" },
      "closed-once": { reply: "second time lucky", failure: { kind: "cut", afterTokens: 0 }, failFirst: 1 },
      "always-closed": { reply: "never", failure: { kind: "cut", afterTokens: 0 } },
    },
  });
});
afterAll(() => server.close());

const target = (model: string): ModelTarget => ({
  id: model,
  providerType: "openai_compatible",
  baseURL: server.baseURL,
  apiKeyEnv: "FAKE_TEST_KEY",
  providerModelId: model,
});

async function collect(model: string, turns: ChatTurn[], signal?: AbortSignal) {
  const stream = streamChat(target(model), turns, { signal });
  let text = "";
  for (;;) {
    const next = await stream.next();
    if (next.done) return { text, end: next.value };
    text += next.value;
  }
}

describe("OpenAI-compatible adapter against the fake server", () => {
  it("streams the answer and reports how it finished, sending the key from the named variable", async () => {
    const { text, end } = await collect("steady", [{ role: "user", text: "hi" }]);
    expect(text).toBe("Hello there, general");
    // the prompt's tokens as the provider counted them (the fake: 10 plus 85 per image)
    expect(end).toEqual({ finishReason: "stop", outputTokens: 3, inputTokens: 10 });
    expect(server.requests.at(-1)?.headers.authorization).toBe("Bearer sk-test-123");
  });

  it("sends images as image_url content parts, with the conversation history", async () => {
    const png = await sharp({ create: { width: 8, height: 4, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    await collect("steady", [
      { role: "user", text: "what colour?", images: [{ data: png, mime: "image/png" }] },
      { role: "assistant", text: "red" },
      { role: "user", text: "sure?" },
    ]);
    const request = server.requests.at(-1)!;
    expect(request.images).toEqual([{ mediaType: "image/png", bytes: png.length }]);
    expect(request.userTexts).toEqual(["what colour?", "sure?"]);
    expect(request.messageCount).toBe(3);
  });

  it.each([
    ["broken", "provider_error", 500],
    ["limited", "provider_rate_limited", 429],
  ])("turns HTTP failures of %s into a ProviderError", async (model, code, status) => {
    const error = await collect(model, [{ role: "user", text: "x" }]).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code, status });
  });

  it("reports a stream cut mid-way as a failure, after the text that did arrive", async () => {
    const seen: string[] = [];
    const stream = streamChat(target("cut"), [{ role: "user", text: "x" }]);
    const error = await (async () => {
      for await (const delta of stream) seen.push(delta);
    })().catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(seen.join("")).toBe("one two three");
  });

  it("closes the provider's request when its reader stops early, and reads as ended afterwards", async () => {
    const before = server.requests.length;
    const stream = streamChat(target("long"), [{ role: "user", text: "x" }]);
    let text = "";
    while (!text.includes("w3")) {
      const next = await stream.next();
      if (next.done) throw new Error("the answer ended before its fourth word");
      text += next.value;
    }
    expect(await stream.return({ finishReason: "length" })).toEqual({ done: true, value: { finishReason: "length" } });
    expect((await stream.next()).done).toBe(true);
    await expect.poll(() => server.requests.slice(before).map((r) => r.closedByClient)).toEqual([true]);
  });

  it("sends a request once more when its stream closed before the first token, and only then", async () => {
    const sent = (model: string) => server.requests.filter((r) => r.model === model).length;
    const { text, end } = await collect("closed-once", [{ role: "user", text: "x" }]);
    expect(text).toBe("second time lucky");
    expect(end.finishReason).toBe("stop");
    expect(sent("closed-once")).toBe(2);
    const error = await collect("always-closed", [{ role: "user", text: "x" }]).catch((e) => e);
    expect(error).toMatchObject({ code: "provider_error" });
    expect(sent("always-closed")).toBe(2);
    // an HTTP failure is the provider's answer, and a stream cut after text is never repeated
    const before = { broken: sent("broken"), cut: sent("cut") };
    await collect("broken", [{ role: "user", text: "x" }]).catch(() => {});
    await collect("cut", [{ role: "user", text: "x" }]).catch(() => {});
    expect(sent("broken")).toBe(before.broken + 1);
    expect(sent("cut")).toBe(before.cut + 1);
  });

  it("gives up on a hanging provider when the caller aborts", async () => {
    const error = await collect("hang", [{ role: "user", text: "x" }], AbortSignal.timeout(300)).catch((e) => e);
    expect(error).toMatchObject({ code: "provider_timeout" });
  });
});

describe("demo models", () => {
  it("describe the real image in their own style", async () => {
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: "#1f4fd6" } })
      .png()
      .toBuffer();
    process.env.DEMO_TOKEN_DELAY_MS = "0";
    const run = async (style: string) => {
      const demo: ModelTarget = {
        id: style,
        providerType: "demo",
        baseURL: null,
        apiKeyEnv: null,
        providerModelId: style,
      };
      let text = "";
      for await (const delta of streamChat(demo, [
        { role: "user", text: "What is this?", images: [{ data: png, mime: "image/png" }] },
      ]))
        text += delta;
      return text;
    };
    const terse = await run("terse");
    // nothing to name and no text: it says so, and what colour the picture is
    expect(terse).toMatch(/no particular objects|no object I know|cannot name the objects/i);
    expect(terse).toMatch(/almost all blue/);
    const structured = await run("structured");
    expect(structured).toContain("**Size:** 300×120 PNG, landscape");
    expect(structured).toContain("**Colours:** almost all blue");
    const bold = await run("bold");
    expect(bold.match(/\*\*/g)?.length).toBeGreaterThanOrEqual(8);
  });
});

describe.each([
  ["anthropic", "anthropic", (url: string) => `${url}/v1`, "x-api-key"],
  ["google", "gemini", (url: string) => `${url}/v1beta`, "x-goog-api-key"],
] as const)("%s adapter against the fake server's %s protocol", (providerType, protocol, baseURL, keyHeader) => {
  const target = (model: string): ModelTarget => ({
    id: model,
    providerType,
    baseURL: baseURL(server.url),
    apiKeyEnv: "FAKE_TEST_KEY",
    providerModelId: model,
  });

  async function run(model: string, turns: ChatTurn[]) {
    let text = "";
    const stream = streamChat(target(model), turns);
    for (;;) {
      const next = await stream.next();
      if (next.done) return { text, end: next.value };
      text += next.value;
    }
  }

  it("streams the answer, sends the key its way and the image in the native format", async () => {
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const { text, end } = await run("steady", [
      { role: "user", text: "colour?", images: [{ data: png, mime: "image/png" }] },
      { role: "assistant", text: "green" },
      { role: "user", text: "sure?" },
    ]);
    expect(text).toBe("Hello there, general");
    expect(end.finishReason).toBe("stop");
    const request = server.requests.at(-1)!;
    expect(request.protocol).toBe(protocol);
    expect(request.headers[keyHeader]).toBe("sk-test-123");
    expect(request.images).toEqual([{ mediaType: "image/png", bytes: png.length }]);
    expect(request.userTexts).toEqual(["colour?", "sure?"]);
  });

  it.each([
    ["broken", "provider_error", 500],
    ["limited", "provider_rate_limited", 429],
  ])("maps %s to a ProviderError", async (model, code, status) => {
    await expect(run(model, [{ role: "user", text: "x" }])).rejects.toMatchObject({ code, status });
  });

  it("reports a cut stream as a failure", async () => {
    await expect(run("cut", [{ role: "user", text: "x" }])).rejects.toBeInstanceOf(ProviderError);
  });
});
