// Byte-exact transcripts of what real servers stream, replayed through the real adapters (the OpenAI-compatible
// client of our own; Anthropic and Gemini through the AI SDK): keep-alives, error objects mid-stream, usage-only
// and usage-elsewhere final chunks, content-filter results, empty choices, CRLF line ends, thinking blocks and
// thought summaries. Each transcript is written in pieces, as the network splits it.
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "./adapters";
import type { ParamRules } from "./param-rules";
import { type ModelTarget, ProviderError } from "./types";

const sse = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const messageStart = (id: string, inputTokens: number) =>
  sse("message_start", {
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      content: [],
      model: "claude-sonnet-4-5",
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });

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
  // Azure OpenAI: a first chunk with empty choices and the prompt's filter results; the answer filtered partway
  "azure-filtered": [
    'data: {"choices":[],"created":0,"id":"","model":"","object":"","prompt_filter_results":[{"prompt_index":0,"content_filter_results":{"hate":{"filtered":false,"severity":"safe"},"sexual":{"filtered":false,"severity":"safe"}}}]}\n\n',
    'data: {"choices":[{"content_filter_results":{},"delta":{"role":"assistant","content":""},"finish_reason":null,"index":0}],"created":1732000000,"id":"chatcmpl-A1","model":"gpt-4o-2024-08-06","object":"chat.completion.chunk","system_fingerprint":"fp_1"}\n\n',
    'data: {"choices":[{"content_filter_results":{"hate":{"filtered":false,"severity":"safe"}},"delta":{"content":"The picture"},"finish_reason":null,"index":0}],"created":1732000000,"id":"chatcmpl-A1","model":"gpt-4o-2024-08-06","object":"chat.completion.chunk"}\n\n',
    'data: {"choices":[{"content_filter_results":{"violence":{"filtered":true,"severity":"high"}},"delta":{},"finish_reason":"content_filter","index":0}],"created":1732000000,"id":"chatcmpl-A1","model":"gpt-4o-2024-08-06","object":"chat.completion.chunk"}\n\n',
    "data: [DONE]\n\n",
  ],
  // Azure, an answer that passes: the empty-choices first chunk is skipped
  "azure-clean": [
    'data: {"choices":[],"created":0,"id":"","model":"","object":"","prompt_filter_results":[{"prompt_index":0,"content_filter_results":{}}]}\n\n',
    'data: {"choices":[{"delta":{"content":"A red house."},"finish_reason":null,"index":0}],"object":"chat.completion.chunk"}\n\n',
    'data: {"choices":[{"delta":{},"finish_reason":"stop","index":0}],"object":"chat.completion.chunk"}\n\n',
    "data: [DONE]\n\n",
  ],
  // OpenAI: an error object in place of a chunk, after the answer began
  "openai-error-midstream": [
    'data: {"id":"chatcmpl-B2","object":"chat.completion.chunk","created":1732000000,"model":"gpt-4.1","choices":[{"index":0,"delta":{"role":"assistant","content":"It is"},"finish_reason":null}]}\n\n',
    'data: {"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}\n\n',
  ],
  // Groq: the usage rides in x_groq on the last chunk
  groq: [
    'data: {"id":"chatcmpl-g1","object":"chat.completion.chunk","created":1732000000,"model":"meta-llama/llama-4-scout-17b-16e-instruct","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],"x_groq":{"id":"req_01"}}\n\n',
    'data: {"id":"chatcmpl-g1","object":"chat.completion.chunk","created":1732000000,"model":"meta-llama/llama-4-scout-17b-16e-instruct","choices":[{"index":0,"delta":{"content":"A red house."},"logprobs":null,"finish_reason":null}]}\n\n',
    'data: {"id":"chatcmpl-g1","object":"chat.completion.chunk","created":1732000000,"model":"meta-llama/llama-4-scout-17b-16e-instruct","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"x_groq":{"id":"req_01","usage":{"queue_time":0.02,"prompt_tokens":812,"prompt_time":0.04,"completion_tokens":4,"completion_time":0.01,"total_tokens":816,"total_time":0.05}}}\n\n',
    "data: [DONE]\n\n",
  ],
  // Mistral: the usage in the same chunk as the finish reason
  mistral: [
    'data: {"id":"m1","object":"chat.completion.chunk","created":1732000000,"model":"pixtral-large-latest","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n',
    'data: {"id":"m1","object":"chat.completion.chunk","created":1732000000,"model":"pixtral-large-latest","choices":[{"index":0,"delta":{"content":"A red house."},"finish_reason":"stop"}],"usage":{"prompt_tokens":1400,"total_tokens":1404,"completion_tokens":4}}\n\n',
    "data: [DONE]\n\n",
  ],
  // Ollama / LM Studio through a proxy that ends lines with CRLF; a usage chunk with null fields
  "ollama-crlf": [
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1732000000,"model":"llava:13b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"A red"},"finish_reason":null}]}\r\n\r\n',
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1732000000,"model":"llava:13b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":" house."},"finish_reason":"stop"}]}\r\n\r\n',
    'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1732000000,"model":"llava:13b","choices":[],"usage":{"prompt_tokens":600,"completion_tokens":3,"total_tokens":603,"completion_tokens_details":null}}\r\n\r\n',
    "data: [DONE]\r\n\r\n",
  ],
  // Anthropic's extended thinking: a thinking block (with its signature), pings, then the text block
  "claude-thinking": [
    messageStart("msg_01", 1200),
    sse("ping", { type: "ping" }),
    sse("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "thinking", thinking: "", signature: "" },
    }),
    sse("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "thinking_delta", thinking: "The sign is white with black letters. " },
    }),
    sse("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "thinking_delta", thinking: "It reads OPEN 9-5." },
    }),
    sse("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "signature_delta", signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" },
    }),
    sse("content_block_stop", { type: "content_block_stop", index: 0 }),
    sse("content_block_start", { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } }),
    sse("content_block_delta", {
      type: "content_block_delta",
      index: 1,
      delta: { type: "text_delta", text: "The sign says OPEN 9-5." },
    }),
    sse("content_block_stop", { type: "content_block_stop", index: 1 }),
    sse("message_delta", {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 42 },
    }),
    sse("message_stop", { type: "message_stop" }),
  ],
  // Anthropic overloaded partway: an error event inside a 200 stream
  "claude-overloaded": [
    messageStart("msg_02", 10),
    sse("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
    sse("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "The" } }),
    sse("error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
  ],
  // Gemini 2.5 with includeThoughts: a thought summary part, then the answer; thinking tokens in usageMetadata
  "gemini-2.5-flash": [
    `data: ${JSON.stringify({
      candidates: [
        {
          content: {
            parts: [{ text: "**Reading the sign**\n\nWhite sign, black letters.", thought: true }],
            role: "model",
          },
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 300, totalTokenCount: 300 },
      modelVersion: "gemini-2.5-flash",
    })}\r\n\r\n`,
    `data: ${JSON.stringify({
      candidates: [
        { content: { parts: [{ text: "The sign says OPEN 9-5." }], role: "model" }, finishReason: "STOP", index: 0 },
      ],
      usageMetadata: { promptTokenCount: 300, candidatesTokenCount: 7, totalTokenCount: 340, thoughtsTokenCount: 33 },
      modelVersion: "gemini-2.5-flash",
    })}\r\n\r\n`,
  ],
  // Gemini's safety filter stops the answer
  "gemini-2.0-flash": [
    `data: ${JSON.stringify({
      candidates: [{ content: { parts: [{ text: "The" }], role: "model" }, index: 0 }],
      usageMetadata: { promptTokenCount: 5, totalTokenCount: 6 },
    })}\r\n\r\n`,
    `data: ${JSON.stringify({
      candidates: [
        {
          finishReason: "SAFETY",
          index: 0,
          safetyRatings: [{ category: "HARM_CATEGORY_HARASSMENT", probability: "HIGH" }],
        },
      ],
      usageMetadata: { promptTokenCount: 5, totalTokenCount: 6 },
    })}\r\n\r\n`,
  ],
};

const bodies = new Map<string, Record<string, unknown>>();
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", async () => {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      // Gemini names the model in the path; the others in the body
      const model = /\/models\/([^:]+):/.exec(req.url ?? "")?.[1] ?? String(parsed.model);
      bodies.set(model, parsed);
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of TRANSCRIPTS[model] ?? []) {
        res.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => server.close());

const BASE = { openai_compatible: "/v1", anthropic: "/v1", google: "/v1beta" } as const;

async function collect(providerType: keyof typeof BASE, model: string, paramRules?: ParamRules) {
  const target: ModelTarget = {
    id: model,
    providerType,
    baseURL: `${origin}${BASE[providerType]}`,
    apiKeyEnv: null,
    providerModelId: model,
    paramRules,
  };
  const stream = streamChat(target, [{ role: "user", text: "What does the sign say?" }], {
    maxOutputTokens: 1000,
    temperature: 0.7,
  });
  const deltas: string[] = [];
  for (;;) {
    const next = await stream.next();
    if (next.done) return { answer: deltas.join(""), deltas, end: next.value };
    deltas.push(next.value);
  }
}

describe("OpenAI-compatible servers, as they really stream", () => {
  it("Azure: skips the empty-choices filter chunk, and a content-filtered answer is a failure, not an answer", async () => {
    expect((await collect("openai_compatible", "azure-clean")).answer).toBe("A red house.");
    const error = await collect("openai_compatible", "azure-filtered").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: "the model's provider withheld this answer (its content filter)" });
  });

  it("an error object mid-stream fails the answer with words a visitor can read", async () => {
    const error = await collect("openai_compatible", "openai-error-midstream").catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "provider_error",
      message: "the model's provider reported an error mid-answer",
    });
    expect((error as ProviderError).retryable).toBe(true);
  });

  it("Groq's usage in x_groq, Mistral's in the finishing chunk, Ollama's behind CRLF line ends", async () => {
    expect(await collect("openai_compatible", "groq")).toMatchObject({
      answer: "A red house.",
      end: { finishReason: "stop", inputTokens: 812, outputTokens: 4 },
    });
    expect(await collect("openai_compatible", "mistral")).toMatchObject({
      answer: "A red house.",
      end: { inputTokens: 1400, outputTokens: 4 },
    });
    expect(await collect("openai_compatible", "ollama-crlf")).toMatchObject({
      answer: "A red house.",
      end: { finishReason: "stop", outputTokens: 3 },
    });
  });

  it("sends a model's reasoning effort and its own length limit", async () => {
    await collect("openai_compatible", "mistral", { reasoningEffort: "low", maxOutputTokens: 3000 });
    expect(bodies.get("mistral")).toMatchObject({ reasoning_effort: "low", max_tokens: 3000, temperature: 0.7 });
  });
});

describe("Anthropic and Gemini through the AI SDK", () => {
  it("Anthropic: the thinking block is kept apart (empty deltas while it thinks); the budget sent as extended thinking", async () => {
    const { answer, deltas, end } = await collect("anthropic", "claude-thinking", { thinkingBudget: 2048 });
    expect(answer).toBe("The sign says OPEN 9-5.");
    expect(deltas[0]).toBe("");
    expect(end.reasoning?.text).toBe("The sign is white with black letters. It reads OPEN 9-5.");
    expect(end).toMatchObject({ finishReason: "stop", outputTokens: 42 });
    const sent = bodies.get("claude-thinking");
    expect(sent).toMatchObject({ thinking: { type: "enabled", budget_tokens: 2048 }, max_tokens: 3048 });
    // extended thinking takes only the default temperature
    expect(sent?.temperature).toBeUndefined();
  });

  it("Anthropic: an error event inside the stream fails the answer", async () => {
    const error = await collect("anthropic", "claude-overloaded").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
  });

  it("Gemini 2.5: the thought summary is kept apart, its thinking tokens counted, thoughts asked for", async () => {
    const { answer, end } = await collect("google", "gemini-2.5-flash");
    expect(answer).toBe("The sign says OPEN 9-5.");
    expect(end.reasoning).toMatchObject({ text: "**Reading the sign**\n\nWhite sign, black letters.", tokens: 33 });
    expect(bodies.get("gemini-2.5-flash")).toMatchObject({
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    });
  });

  it("Gemini: a safety stop is a withheld answer; an older model is sent no thinking config", async () => {
    const error = await collect("google", "gemini-2.0-flash").catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "the model's provider withheld this answer (its content filter)" });
    expect(JSON.stringify(bodies.get("gemini-2.0-flash"))).not.toContain("thinkingConfig");
  });
});

describe("reasoning transcripts through the OpenAI-compatible adapter", () => {
  it("reads vLLM/DeepSeek reasoning_content apart from the answer, with its tokens", async () => {
    const { answer, deltas, end } = await collect("openai_compatible", "vllm-reasoner");
    expect(answer).toBe("The area is $6$.");
    expect(end.reasoning).toMatchObject({ text: "Half of base times height.", tokens: 5 });
    expect(end.reasoning?.ms).toBeGreaterThanOrEqual(0);
    expect(end).toMatchObject({ finishReason: "stop", outputTokens: 9, inputTokens: 12 });
    // thinking shows as empty deltas (alive, nothing to show) before the first word
    expect(deltas[0]).toBe("");
  });

  it("reads OpenRouter's reasoning through its comment keep-alives", async () => {
    const { answer, end } = await collect("openai_compatible", "openrouter-reasoner");
    expect(answer).toBe("A red house.");
    expect(end.reasoning?.text).toBe("Let me look.");
  });

  it("takes <think>…</think> at the start of the content out of the answer, the tags split across chunks", async () => {
    const { answer, end } = await collect("openai_compatible", "raw-think");
    expect(answer).toBe("It says OPEN 9-5.");
    expect(end.reasoning?.text).toBe("sign says OPEN 9-5");
  });

  it("leaves an answer without thinking as it was", async () => {
    const { answer, end } = await collect("openai_compatible", "plain");
    expect(answer).toBe("Just an answer.");
    expect(end.reasoning).toBeUndefined();
  });
});
