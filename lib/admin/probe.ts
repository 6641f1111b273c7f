// The console's "test" button: one small prompt to a model through the same adapter battles use, with the reply,
// the time to the first token and the total time. A vision model also gets a tiny image whose colour it should name.
import sharp from "sharp";
import { namedSecret } from "../config";
import type { Db } from "../db/context";
import { NotFound } from "../errors";
import { keyRefusal } from "../providers";
import { streamChat } from "../providers/adapters";
import { type ChatTurn, ProviderError } from "../providers/types";

export interface ProbeResult {
  ok: boolean;
  prompt: string;
  reply: string;
  firstTokenMs: number | null;
  totalMs: number;
  finishReason?: string;
  error?: { code: string; message: string };
  /** set when the provider's key variable is missing on this server */
  warning?: string;
}

const REPLY_LIMIT = 2000;
let probeImage: Promise<Uint8Array> | undefined;
const redSquare = () =>
  (probeImage ??= sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b)));

export async function probeModel(db: Db, modelId: string, timeoutMs = 30_000): Promise<ProbeResult> {
  const model = await db.prisma.model.findUnique({ where: { id: modelId }, include: { provider: true } });
  if (!model) throw new NotFound("unknown_model", `unknown model '${modelId}'`);
  const { provider } = model;
  const refused = keyRefusal({
    apiKeyEnv: provider.apiKeyEnv,
    baseURL: provider.baseURL,
    providerType: provider.type,
  });
  const warning = refused
    ? `${refused}, so requests go without a key`
    : provider.apiKeyEnv && !namedSecret(provider.apiKeyEnv)
      ? `${provider.apiKeyEnv} is not set on this server, so requests go without a key`
      : undefined;
  const prompt = model.vision
    ? "What is the main colour of this image? Answer in one word."
    : "Reply with the single word: pong";
  const turns: ChatTurn[] = [
    {
      role: "user",
      text: prompt,
      ...(model.vision ? { images: [{ data: await redSquare(), mime: "image/png" }] } : {}),
    },
  ];
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let reply = "";
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const stream = streamChat(
      {
        id: model.id,
        providerType: provider.type,
        baseURL: provider.baseURL,
        apiKeyEnv: provider.apiKeyEnv,
        providerModelId: model.providerModelId,
      },
      turns,
      { signal, maxOutputTokens: 64, temperature: 0 },
    );
    let next = await stream.next();
    while (!next.done) {
      if (next.value) firstTokenMs ??= Math.round(performance.now() - started);
      if (reply.length < REPLY_LIMIT) reply += next.value;
      next = await stream.next();
    }
    return {
      ok: true,
      prompt,
      reply: reply.slice(0, REPLY_LIMIT),
      firstTokenMs,
      totalMs: Math.round(performance.now() - started),
      finishReason: next.value.finishReason,
      warning,
    };
  } catch (error) {
    const failure =
      error instanceof ProviderError ? error : new ProviderError("the model could not be reached", "provider_error");
    return {
      ok: false,
      prompt,
      reply,
      firstTokenMs,
      totalMs: Math.round(performance.now() - started),
      error: {
        code: failure.code,
        message: failure.status ? `${failure.message} (HTTP ${failure.status})` : failure.message,
      },
      warning,
    };
  }
}
