// Prompt embeddings for curation. With an embedding model of the registry (an OpenAI-compatible provider), texts go
// to its `/v1/embeddings`; when that model is marked as vision-capable, images go there too as data: URLs and each
// prompt's vector is the average of its text and image vectors, as the paper does with CLIP. Without one, the
// documented local fallback: hashed TF-IDF of the text (512 dimensions) beside lib/vision's thumbnail features (an
// 8×8 grey thumbnail and a 4×4×4 colour histogram, 128 dimensions), each part L2-normalised and weighted 1/√2.
import { namedSecret } from "../config";
import { unitLength } from "../numeric";
import { type ModelTarget, ProviderError, retryAfterSeconds } from "../providers";

const TEXT_DIMS = 512;

export const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];

/** FNV-1a: a stable hash of a word to a column. */
function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return (h >>> 0) % TEXT_DIMS;
}

/** Hashed TF-IDF rows for a pool of texts (idf over the pool). */
export function tfidfVectors(texts: string[]): Float64Array[] {
  const docs = texts.map(words);
  const df = new Map<string, number>();
  for (const doc of docs) for (const w of new Set(doc)) df.set(w, (df.get(w) ?? 0) + 1);
  return docs.map((doc) => {
    const v = new Float64Array(TEXT_DIMS);
    for (const w of doc) {
      const k = hashWord(w);
      v[k] = (v[k] as number) + Math.log((1 + docs.length) / (1 + (df.get(w) ?? 0))) + 1;
    }
    return unitLength(v);
  });
}

export function concatWeighted(parts: Float64Array[]): Float64Array {
  const w = 1 / Math.sqrt(parts.length);
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) out[offset + i] = (part[i] as number) * w;
    offset += part.length;
  }
  return out;
}

export function average(parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts[0]?.length ?? 0);
  for (const part of parts)
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (part[i] as number) / parts.length;
  return unitLength(out);
}

/** Vectors for `inputs` from an OpenAI-compatible `/embeddings` endpoint, in batches. */
export async function remoteEmbeddings(target: ModelTarget, inputs: string[], batch = 64): Promise<Float64Array[]> {
  if (target.providerType !== "openai_compatible" || !target.baseURL) {
    throw new ProviderError(
      `embedding model '${target.id}' is not served by an OpenAI-compatible provider`,
      "provider_error",
    );
  }
  const key = namedSecret(target.apiKeyEnv);
  const out: Float64Array[] = [];
  for (let start = 0; start < inputs.length; start += batch) {
    const chunk = inputs.slice(start, start + batch);
    let response: Response;
    try {
      response = await fetch(`${target.baseURL.replace(/\/$/, "")}/embeddings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ model: target.providerModelId, input: chunk, encoding_format: "float" }),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (error) {
      throw new ProviderError(`embeddings: ${(error as Error).message}`, "provider_unavailable");
    }
    if (!response.ok) {
      const code = response.status === 429 ? "provider_rate_limited" : "provider_error";
      throw new ProviderError(
        `embeddings: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`,
        code,
        response.status,
        retryAfterSeconds(response.headers.get("retry-after")),
      );
    }
    const body = (await response.json()) as { data?: { index?: number; embedding?: unknown }[] };
    const data = [...(body.data ?? [])].sort((p, q) => (p.index ?? 0) - (q.index ?? 0));
    if (data.length !== chunk.length || !data.every((d) => Array.isArray(d.embedding))) {
      throw new ProviderError(`embeddings: expected ${chunk.length} vectors in the response`, "provider_error");
    }
    for (const d of data) out.push(unitLength(Float64Array.from(d.embedding as number[])));
  }
  return out;
}
