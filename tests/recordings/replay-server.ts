// Serves recorded streams of the real services in each protocol's own framing, so the provider adapters read
// exactly what the service sent. Two layouts, as the SDKs that recorded them keep them:
// - `*.chunks.txt` (vercel/ai): one event's JSON a line, framed here: OpenAI-compatible chat completions as `data:`
//   lines ending in `data: [DONE]`; Anthropic's messages with each event's name on an `event:` line; Gemini's
//   streamGenerateContent?alt=sse as `data:` lines.
// - `*.sse` (pydantic-ai's cassettes): the response body itself, byte for byte, served as it is (SSE comments such
//   as OpenRouter's `: OPENROUTER PROCESSING` keep-alives, the service's own `[DONE]`, an error event mid-stream).
// The recording is chosen by the model the request names (in the body, or in Gemini's path), and each event is
// written in a piece of its own, as the network delivers it.
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";

export type Protocol = "openai" | "anthropic" | "gemini";

export interface Recording {
  file: string;
  /** the provider preset (lib/providers/presets.ts) it stands for; null: a service with no preset of its own */
  preset: string | null;
  protocol: Protocol;
  shows: string;
  source: { repository: string; path: string; commit: string; licence: string };
  expect: {
    text: string;
    thinking: string;
    finishReason: string | null;
    inputTokens?: number;
    outputTokens?: number;
  };
}

const DIR = path.resolve(import.meta.dirname, "streams");
export const RECORDINGS: Recording[] = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "recordings.json"), "utf8"),
);

const isBody = (recording: Recording) => recording.file.endsWith(".sse");

/** The recording's events, one JSON text each, as recorded (a `.chunks.txt` file). */
function eventsOf(recording: Recording): string[] {
  return fs
    .readFileSync(path.join(DIR, recording.file), "utf8")
    .split("\n")
    .filter((line) => line.trim());
}

/** What goes on the wire, piece by piece: a recorded body's events as they are, or each event framed. */
function piecesOf(recording: Recording): string[] {
  if (isBody(recording))
    return (fs.readFileSync(path.join(DIR, recording.file), "utf8").match(/[\s\S]*?\n\n|[\s\S]+$/g) ?? []) as string[];
  const pieces = eventsOf(recording).map((event) => frame(recording.protocol, event));
  return recording.protocol === "openai" ? [...pieces, "data: [DONE]\n\n"] : pieces;
}

/** One event in the protocol's framing. */
export function frame(protocol: Protocol, event: string): string {
  if (protocol === "anthropic") return `event: ${(JSON.parse(event) as { type: string }).type}\ndata: ${event}\n\n`;
  return `data: ${event}\n\n`;
}

/** A recording's model name: its file without `.chunks.txt` or `.sse`. */
export const modelOf = (recording: Recording) => recording.file.replace(/\.(chunks\.txt|sse)$/, "");

/** A recording whose side must fail (a refusal, an error the service sent mid-stream) rather than answer. */
export const failsSide = (recording: Recording) =>
  recording.expect.finishReason === "refusal" || recording.expect.finishReason === "error";

export interface ReplayServer {
  origin: string;
  /** the requests' bodies, by model */
  bodies: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
  const byModel = new Map(RECORDINGS.map((r) => [modelOf(r), r]));
  const bodies = new Map<string, Record<string, unknown>>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", async () => {
      const parsed = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      const model = /\/models\/([^:/]+):streamGenerateContent/.exec(req.url ?? "")?.[1] ?? String(parsed.model);
      const recording = byModel.get(model);
      bodies.set(model, parsed);
      if (!recording) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `no recording for model ${model}` } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const piece of piecesOf(recording)) {
        res.write(piece);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { origin, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
