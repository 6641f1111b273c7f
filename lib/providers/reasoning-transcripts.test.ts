// Byte-exact SSE transcripts of the shapes reasoning servers stream, replayed through the real OpenAI-compatible
// adapter: the thinking is kept apart from the answer (the answer's text never holds it), its tokens and time kept.
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "./adapters";
import type { ModelTarget } from "./types";

/** model name → the raw body the server writes, in pieces (each written separately, as the network splits it) */
const TRANSCRIPTS: Record<string, string[]> = {
  // vLLM / DeepSeek: delta.reasoning_content, then content; usage in a final chunk with empty choices
  "vllm-reasoner": [
    'data: {"choices":[{"delta":{"role":"assistant","content":""}}]}\n\n',
    'data: {"choices":[{"delta":{"reasoning_content":"Half of base "}}]}\n\n',
    'data: {"choices":[{"delta":{"reasoning_content":"times height."}}]}\n\ndata: {"choices":[{"delta":{"content":"The area is "}}]}\n\n',
    'data: {"choices":[{"delta":{"content":"$6$."},"finish_reason":"stop"}]}\n\n',
    'data: {"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":9,"completion_tokens_details":{"reasoning_tokens":5}}}\n\n',
    "data: [DONE]\n\n",
  ],
  // OpenRouter: SSE comment keep-alives, delta.reasoning
  "openrouter-reasoner": [
    ": OPENROUTER PROCESSING\n\n",
    'data: {"choices":[{"delta":{"reasoning":"Let me look."}}]}\n\n',
    ": OPENROUTER PROCESSING\n\n",
    'data: {"choices":[{"delta":{"content":"A red house."},"finish_reason":"stop"}]}\n\n',
    "data: [DONE]\n\n",
  ],
  // a model served raw: <think> in the content, the tag split across chunks
  "raw-think": [
    'data: {"choices":[{"delta":{"content":"<thi"}}]}\n\n',
    'data: {"choices":[{"delta":{"content":"nk>sign says OPEN 9-5</th"}}]}\n\n',
    'data: {"choices":[{"delta":{"content":"ink>\\n\\nIt says "}}]}\n\n',
    'data: {"choices":[{"delta":{"content":"OPEN 9-5."},"finish_reason":"stop"}]}\n\n',
    "data: [DONE]\n\n",
  ],
  // no thinking at all: nothing changes
  plain: ['data: {"choices":[{"delta":{"content":"Just an answer."},"finish_reason":"stop"}]}\n\n', "data: [DONE]\n\n"],
};

let server: http.Server;
let baseURL: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", async () => {
      const pieces = TRANSCRIPTS[(JSON.parse(body) as { model: string }).model] ?? [];
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of pieces) {
        res.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1`;
});
afterAll(() => server.close());

async function collect(model: string) {
  const target: ModelTarget = {
    id: model,
    providerType: "openai_compatible",
    baseURL,
    apiKeyEnv: null,
    providerModelId: model,
  };
  const stream = streamChat(target, [{ role: "user", text: "hi" }]);
  const deltas: string[] = [];
  for (;;) {
    const next = await stream.next();
    if (next.done) return { answer: deltas.join(""), deltas, end: next.value };
    deltas.push(next.value);
  }
}

describe("reasoning transcripts through the OpenAI-compatible adapter", () => {
  it("reads vLLM/DeepSeek reasoning_content apart from the answer, with its tokens", async () => {
    const { answer, deltas, end } = await collect("vllm-reasoner");
    expect(answer).toBe("The area is $6$.");
    expect(end.reasoning).toMatchObject({ text: "Half of base times height.", tokens: 5 });
    expect(end.reasoning?.ms).toBeGreaterThanOrEqual(0);
    expect(end).toMatchObject({ finishReason: "stop", outputTokens: 9, inputTokens: 12 });
    // thinking shows as empty deltas (alive, nothing to show) before the first word
    expect(deltas[0]).toBe("");
  });

  it("reads OpenRouter's reasoning through its comment keep-alives", async () => {
    const { answer, end } = await collect("openrouter-reasoner");
    expect(answer).toBe("A red house.");
    expect(end.reasoning?.text).toBe("Let me look.");
  });

  it("takes <think>…</think> at the start of the content out of the answer, the tags split across chunks", async () => {
    const { answer, end } = await collect("raw-think");
    expect(answer).toBe("It says OPEN 9-5.");
    expect(end.reasoning?.text).toBe("sign says OPEN 9-5");
  });

  it("leaves an answer without thinking as it was", async () => {
    const { answer, end } = await collect("plain");
    expect(answer).toBe("Just an answer.");
    expect(end.reasoning).toBeUndefined();
  });
});
