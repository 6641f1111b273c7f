import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenize } from "./behaviour";
import { type FakeModelServer, startFakeModelServer } from "./server";

let server: FakeModelServer;
const PNG_1PX =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

beforeAll(async () => {
  server = await startFakeModelServer({
    models: {
      steady: { reply: "one two three four five", tokenDelayMs: 5 },
      broken: { failure: { kind: "http", status: 500, message: "upstream exploded" } },
      limited: { failure: { kind: "http", status: 429, retryAfterSeconds: 7 } },
      cut: { reply: "alpha beta gamma delta", tokenDelayMs: 10, failure: { kind: "cut", afterTokens: 2 } },
      hang: { failure: { kind: "hang" } },
      slow: { reply: "late", firstTokenDelayMs: 150 },
    },
  });
});
afterAll(() => server.close());

function chat(model: string, stream: boolean, content: unknown = "What is this?", signal?: AbortSignal) {
  return fetch(`${server.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      model,
      stream,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content }],
    }),
    signal,
  });
}

/** Reads an SSE body into its data payloads; `complete` is false when the connection dropped mid-stream. */
async function readEvents(response: Response) {
  const events: string[] = [];
  let text = "";
  let complete = true;
  try {
    text = await response.text();
  } catch {
    complete = false;
  }
  for (const block of text.split("\n\n")) if (block.startsWith("data: ")) events.push(block.slice(6));
  return { events, complete };
}

describe("fake OpenAI-compatible server", () => {
  it("streams the reply token by token as chat.completion.chunk events, then usage and [DONE]", async () => {
    const response = await chat("steady", true);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events } = await readEvents(response);
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("");
    expect(text).toBe("one two three four five");
    expect(chunks.filter((c) => c.choices[0]?.delta?.content).length).toBe(5);
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1).usage.completion_tokens).toBe(5);
  });

  it("answers without streaming in the chat.completion shape", async () => {
    const body = await (await chat("steady", false)).json();
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0].message).toEqual({ role: "assistant", content: "one two three four five" });
  });

  it("records image content parts and describes them in the default reply", async () => {
    server.setModel("describer", {});
    const body = await (
      await chat("describer", false, [
        { type: "text", text: "Count the pixels" },
        { type: "image_url", image_url: { url: PNG_1PX } },
      ])
    ).json();
    expect(body.choices[0].message.content).toContain("received 1 image");
    const recorded = server.requests.at(-1)!;
    expect(recorded.images).toEqual([{ mediaType: "image/png", bytes: 70 }]);
    expect(recorded.userTexts).toEqual(["Count the pixels"]);
  });

  it("fails with HTTP 500 and 429 (with Retry-After) in OpenAI's error format", async () => {
    const broken = await chat("broken", true);
    expect(broken.status).toBe(500);
    expect((await broken.json()).error.message).toBe("upstream exploded");
    const limited = await chat("limited", true);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
  });

  it("cuts a stream mid-way without finishing it", async () => {
    const { events, complete } = await readEvents(await chat("cut", true));
    expect(complete).toBe(false);
    expect(events).not.toContain("[DONE]");
  });

  it("hangs until the client gives up", async () => {
    const started = Date.now();
    await expect(chat("hang", true, "hello", AbortSignal.timeout(200))).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("waits before the first token when told to", async () => {
    const started = Date.now();
    await (await chat("slow", false)).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("answers unknown models with 404 and bad bodies with 400", async () => {
    expect((await chat("nobody", true)).status).toBe(404);
    const bad = await fetch(`${server.baseURL}/chat/completions`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
  });

  it("can be reconfigured over HTTP by a test in another process", async () => {
    await fetch(`${server.url}/__control/models/remote`, {
      method: "PUT",
      body: JSON.stringify({ reply: "set remotely" }),
    });
    const body = await (await chat("remote", false)).json();
    expect(body.choices[0].message.content).toBe("set remotely");
    const recorded = await (await fetch(`${server.url}/__control/requests`)).json();
    expect(recorded.at(-1).model).toBe("remote");
  });
});

describe("tokenize", () => {
  it("keeps whitespace so tokens join back to the text", () => {
    const text = "  Hello,\n world  again ";
    expect(tokenize(text).join("")).toBe(text);
  });
});
