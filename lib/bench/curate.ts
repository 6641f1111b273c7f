// Prompt curation for VisionArena-Bench (paper §6): from our own battles, single-turn English prompts with images
// that are not moderated, not demo and not preset; each prompt embedded (text and images), reduced with UMAP,
// clustered with HDBSCAN — or k-means when HDBSCAN calls most of the pool noise — then sampled uniformly across the
// topic clusters to N prompts, dropping near-duplicates. Topics are named by their most distinctive words (c-TF-IDF,
// as BERTopic) and stored with the set. Seeded: the same battles, settings and seed give the same set.
import { HDBSCAN } from "hdbscan-ts";
import { kmeans } from "ml-kmeans";
import { UMAP } from "umap-js";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { domainError } from "../errors";
import { createPromptSetVersion, targetOf } from "../evals";
import { loadImage } from "../images";
import { createRandom } from "../numeric";
import { thumbnailFeatures } from "../vision";
import { average, concatWeighted, remoteEmbeddings, tfidfVectors, words } from "./embeddings";

export class CurationError extends domainError("conflict", "curation_impossible") {}

export interface CurateOptions {
  name?: string;
  size?: number;
  seed?: number;
  /** an embedding model of the registry; without one the local fallback embeds */
  embedder?: string;
  /** cosine similarity above which two prompts count as the same (default 0.95) */
  duplicateThreshold?: number;
  /** HDBSCAN's smallest cluster (default: 2% of the pool, at least 3) */
  minClusterSize?: number;
  onProgress?: (step: string, done: number, total: number) => void;
}

export interface PoolRow {
  conversationId: string;
  text: string;
  images: string[];
}

export interface Topic {
  id: number;
  label: string;
  keywords: string[];
  size: number;
  selected: number;
  /** prompts of this topic skipped as near-duplicates of one already taken */
  duplicates: number;
  examples: string[];
}

export interface CurationResult {
  set: { id: string; name: string; version: number };
  pool: number;
  selected: number;
  duplicates: number;
  method: "hdbscan" | "kmeans" | "single";
  embedder: string;
  topics: Topic[];
}

async function loadPool(db: Db): Promise<PoolRow[]> {
  const { rows } = await db.pool.query<PoolRow>(
    sql`SELECT c.id AS "conversationId", m.content AS text,
            array_agg(mi."imageSha256" ORDER BY mi.position) AS images
       FROM "Conversation" c
       JOIN "Message" m ON m."conversationId" = c.id AND m.side = 'a' AND m.turn = 1 AND m.role = 'user'
                       AND NOT m.superseded
       JOIN "MessageImage" mi ON mi."messageId" = m.id
       JOIN "Image" img ON img.sha256 = mi."imageSha256" AND img."moderationStatus" = 'clear'
      WHERE c.mode = 'battle' AND c."turnCount" = 1 AND c.language = 'English' AND NOT c."isDemo"
        AND NOT c."isPreset" AND c."moderationStatus" = 'clear' AND c."dedupSampled" IS DISTINCT FROM false
        AND length(trim(m.content)) > 0
      GROUP BY c.id, m.content
      ORDER BY c.id`,
  );
  return rows;
}

async function embedPool(db: Db, pool: PoolRow[], options: CurateOptions): Promise<Float64Array[]> {
  const imageVectors = async (row: PoolRow) => {
    const vectors: Float64Array[] = [];
    for (const sha of row.images) {
      const image = await loadImage(db.prisma, sha);
      if (image) vectors.push(await thumbnailFeatures(image.data));
    }
    return vectors.length ? average(vectors) : new Float64Array(128);
  };
  const local = async (textVectors: Float64Array[]) => {
    const out: Float64Array[] = [];
    for (const [i, row] of pool.entries()) {
      out.push(concatWeighted([textVectors[i] as Float64Array, await imageVectors(row)]));
      options.onProgress?.("embedding", i + 1, pool.length);
    }
    return out;
  };
  if (!options.embedder) return local(tfidfVectors(pool.map((r) => r.text)));
  const model = await db.prisma.model.findUnique({ where: { id: options.embedder }, include: { provider: true } });
  if (!model) throw new CurationError(`no embedding model '${options.embedder}' in the registry`);
  const target = targetOf(model);
  const texts = await remoteEmbeddings(
    target,
    pool.map((r) => r.text),
  );
  if (!model.vision) return local(texts);
  // a multimodal embedding model: average the text vector with the image vectors, as the paper does with CLIP
  const out: Float64Array[] = [];
  for (const [i, row] of pool.entries()) {
    const urls: string[] = [];
    for (const sha of row.images) {
      const image = await loadImage(db.prisma, sha);
      if (image) urls.push(`data:${image.mime};base64,${image.data.toString("base64")}`);
    }
    const images = urls.length ? await remoteEmbeddings(target, urls) : [];
    out.push(average([texts[i] as Float64Array, ...images]));
    options.onProgress?.("embedding", i + 1, pool.length);
  }
  return out;
}

const cosine = (p: Float64Array, q: Float64Array) => {
  let dot = 0;
  for (let i = 0; i < p.length; i++) dot += (p[i] as number) * (q[i] as number);
  return dot;
};

function cluster(points: number[][], options: CurateOptions, rand: () => number) {
  const n = points.length;
  if (n < 6) return { labels: points.map(() => 0), method: "single" as const };
  const minClusterSize = options.minClusterSize ?? Math.max(3, Math.round(n * 0.02));
  const hdbscan = new HDBSCAN({ minClusterSize, minSamples: Math.min(minClusterSize, 5) });
  const labels = hdbscan.fit(points);
  const noise = labels.filter((l) => l < 0).length;
  const clusters = new Set(labels.filter((l) => l >= 0)).size;
  // too much noise or a single blob: k-means over the same points, k ≈ √(n/2)
  if (clusters >= 2 && noise <= n / 2) return { labels, method: "hdbscan" as const };
  const k = Math.max(2, Math.min(50, Math.round(Math.sqrt(n / 2))));
  const result = kmeans(points, k, { seed: (rand() * 2 ** 31) | 0, initialization: "kmeans++", maxIterations: 300 });
  return { labels: result.clusters, method: "kmeans" as const };
}

/** Each topic's most distinctive words: class-based TF-IDF as BERTopic names its topics. */
function topicKeywords(pool: PoolRow[], labels: number[]): Map<number, string[]> {
  const counts = new Map<number, Map<string, number>>();
  const overall = new Map<string, number>();
  const sizes = new Map<number, number>();
  for (const [i, row] of pool.entries()) {
    const label = labels[i] as number;
    const perTopic = counts.get(label) ?? new Map<string, number>();
    counts.set(label, perTopic);
    for (const w of words(row.text)) {
      if (STOP.has(w) || /^\d+$/.test(w)) continue;
      perTopic.set(w, (perTopic.get(w) ?? 0) + 1);
      overall.set(w, (overall.get(w) ?? 0) + 1);
      sizes.set(label, (sizes.get(label) ?? 0) + 1);
    }
  }
  const avgWords = [...sizes.values()].reduce((s, v) => s + v, 0) / Math.max(1, sizes.size);
  const out = new Map<number, string[]>();
  for (const [label, perTopic] of counts) {
    const total = sizes.get(label) ?? 1;
    const scored = [...perTopic].map(
      ([w, c]) => [w, (c / total) * Math.log(1 + avgWords / (overall.get(w) ?? 1))] as const,
    );
    scored.sort((p, q) => q[1] - p[1] || p[0].localeCompare(q[0]));
    out.set(
      label,
      scored.slice(0, 5).map(([w]) => w),
    );
  }
  return out;
}

const STOP = new Set(
  "the a an and or of to in on for with is are was were be this that these those it its what which who how why when where can could would should do does did you your me my i we our they their there here image picture photo please from about as at by if not no yes any all some into than then so".split(
    " ",
  ),
);

/**
 * The topic model of the paper's curation (BERTopic's recipe): embed each prompt with its images, reduce to five
 * dimensions with UMAP, cluster by density (HDBSCAN; k-means when that leaves most points as noise), and name each
 * cluster by its most distinctive words. Shared by VisionArena-Bench's curation and the dataset's topic figures.
 */
export async function clusterPool(
  db: Db,
  pool: PoolRow[],
  options: CurateOptions & { seed: number },
  rand: () => number,
): Promise<{
  vectors: Float64Array[];
  labels: number[];
  method: CurationResult["method"];
  keywords: Map<number, string[]>;
}> {
  const vectors = await embedPool(db, pool, options);
  // UMAP to 5 dimensions before density clustering (BERTopic's defaults); tiny pools are clustered as they are
  let points: number[][];
  if (pool.length > 16) {
    const umap = new UMAP({
      nComponents: 5,
      nNeighbors: Math.min(15, pool.length - 1),
      minDist: 0,
      random: createRandom(options.seed, 11),
    });
    points = umap.fit(vectors.map((v) => Array.from(v)));
    options.onProgress?.("reducing", 1, 1);
  } else points = vectors.map((v) => Array.from(v));
  const { labels, method } = cluster(points, options, rand);
  return { vectors, labels, method, keywords: topicKeywords(pool, labels) };
}

/** A topic's short name: its three most distinctive words. */
export const topicName = (keywords: Map<number, string[]>, l: number) =>
  l < 0 ? "other" : (keywords.get(l) ?? []).slice(0, 3).join(" · ") || `topic ${l}`;

export async function curateBench(db: Db, options: CurateOptions = {}): Promise<CurationResult> {
  const size = options.size ?? 500;
  const seed = options.seed ?? 0;
  const name = options.name ?? "visionarena-bench";
  if (!Number.isInteger(size) || size < 1) throw new CurationError("the set size must be a whole number ≥ 1");
  const pool = await loadPool(db);
  if (pool.length === 0) {
    throw new CurationError(
      "no battle qualifies: curation takes single-turn English battles with an image, not demo, preset or moderated",
    );
  }
  const rand = createRandom(seed, 7);
  const { vectors, labels, method, keywords } = await clusterPool(db, pool, { ...options, seed }, rand);

  // uniform over clusters: a seeded shuffle inside each, then one from each cluster in turn until N are taken
  const members = new Map<number, number[]>();
  for (const [i, label] of labels.entries()) {
    if (label < 0) continue;
    members.set(label, [...(members.get(label) ?? []), i]);
  }
  const noise = labels.flatMap((l, i) => (l < 0 ? [i] : []));
  const shuffle = (list: number[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [list[i], list[j]] = [list[j] as number, list[i] as number];
    }
    return list;
  };
  const queues = [...members.keys()].sort((p, q) => p - q).map((label) => shuffle(members.get(label) ?? []));
  queues.push(shuffle(noise)); // noise only tops up when the clusters run dry
  const threshold = options.duplicateThreshold ?? 0.95;
  const chosen: number[] = [];
  const seenText = new Set<string>();
  let duplicates = 0;
  const isDuplicate = (i: number) => {
    const text = (pool[i]?.text ?? "").trim().toLowerCase().replace(/\s+/g, " ");
    if (seenText.has(text)) return true;
    const v = vectors[i] as Float64Array;
    // every vector is unit length, so the dot product is the cosine
    return chosen.some((j) => cosine(v, vectors[j] as Float64Array) > threshold);
  };
  const dropped: number[] = [];
  const take = (i: number) => {
    if (isDuplicate(i)) {
      duplicates++;
      dropped.push(i);
      return;
    }
    chosen.push(i);
    seenText.add((pool[i]?.text ?? "").trim().toLowerCase().replace(/\s+/g, " "));
  };
  const clusterQueues = queues.slice(0, -1);
  // one prompt from each cluster per round: a near-duplicate costs its cluster nothing, the next one is tried
  const takeFrom = (queue: number[]) => {
    const before = chosen.length;
    while (queue.length && chosen.length === before) take(queue.shift() as number);
  };
  while (chosen.length < size && clusterQueues.some((q) => q.length)) {
    for (const queue of clusterQueues) {
      if (chosen.length >= size) break;
      takeFrom(queue);
    }
  }
  const noiseQueue = queues.at(-1) ?? [];
  while (chosen.length < size && noiseQueue.length) take(noiseQueue.shift() as number);

  const label = (l: number) => topicName(keywords, l);
  const topics: Topic[] = [...new Set(labels)]
    .sort((p, q) => p - q)
    .map((l) => ({
      id: l,
      label: label(l),
      keywords: keywords.get(l) ?? [],
      size: labels.filter((x) => x === l).length,
      selected: chosen.filter((i) => labels[i] === l).length,
      duplicates: dropped.filter((i) => labels[i] === l).length,
      examples: chosen
        .filter((i) => labels[i] === l)
        .slice(0, 3)
        .map((i) => (pool[i]?.text ?? "").slice(0, 200)),
    }));
  const embedder = options.embedder ?? "local:tfidf+sharp";
  const set = await createPromptSetVersion(
    db,
    {
      name,
      description: `VisionArena-Bench prompts curated from ${pool.length} battles (${method}, seed ${seed})`,
      licence: null,
      source: "curation:battles",
      metadata: { seed, size, pool: pool.length, method, embedder, duplicateThreshold: threshold, topics },
    },
    chosen.map((i) => {
      const row = pool[i] as PoolRow;
      const l = labels[i] as number;
      return {
        questionId: row.conversationId,
        category: label(l),
        turns: [{ content: row.text }],
        metadata: { cluster: l, topic: label(l) },
        provenance: { conversationId: row.conversationId },
        imageShas: row.images,
      };
    }),
  );
  return {
    set: { id: set.id, name: set.name, version: set.version },
    pool: pool.length,
    selected: chosen.length,
    duplicates,
    method,
    embedder,
    topics,
  };
}
