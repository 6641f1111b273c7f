// The battles a neighbourhood is drawn from: the embedded battles whose votes count on the live board (the same
// exclusions: demo, not anonymous, moderated, banned visitors, uncounted), the newest ARENA_NEIGHBOURHOOD_MAX_BATTLES,
// held per process for a minute. Image features are centred on their mean before comparing (MobileNetV2's ReLU
// features are all positive, so raw cosines crowd near 1), then scaled to unit length, as the texts are.
import { loadingCache } from "../async";
import { config } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { countedOnBoard } from "../leaderboard";
import { unitLength } from "../numeric";
import { Interner } from "../ratings/battle-table";
import { type CompositeFit, fitComposite } from "../ratings/composite";
import { type PairPrior, pairPrior } from "../ratings/neighbourhood";
import { EMBEDDING_VERSION } from "./embed";
import { TEXT_DIMENSIONS } from "./text";
import { unpackSigned, unpackUnsigned } from "./vectors";

export const IMAGE_DIMENSIONS = 1280;

export interface Candidates {
  size: number;
  ids: string[];
  /** in the public gallery: a page anyone may open */
  shown: boolean[];
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Float64Array;
  winner: string[];
  /** size × IMAGE_DIMENSIONS, centred and unit length; a row of zeros where the battle's image is gone */
  images: Float32Array;
  hasImage: Uint8Array;
  imageMean: Float32Array;
  /** size × TEXT_DIMENSIONS, unit length */
  texts: Float32Array;
  /** the board over every candidate, and its pairs as the neighbourhood's prior */
  global: CompositeFit | null;
  prior: PairPrior | null;
}

interface Row {
  id: string;
  image: Buffer | null;
  imageScale: number;
  text: Buffer;
  textScale: number;
  modelA: string;
  modelB: string;
  winner: string;
  shown: boolean;
}

const SCORE: Record<string, number> = { model_a: 1, model_b: 0, tie: 0.5, "tie (bothbad)": 0.5 };

async function load(db: Db): Promise<Candidates> {
  const c = config();
  const { rows } = await db.pool.query<Row>(
    sql`SELECT e."conversationId" AS id, e.image, e."imageScale", e.text, e."textScale", v."modelAId" AS "modelA",
               v."modelBId" AS "modelB", v.winner::text AS winner, c."galleryAt" IS NOT NULL AS shown
          FROM "BattleEmbedding" e
          JOIN "Vote" v ON v."conversationId" = e."conversationId"
          JOIN "Conversation" c ON c.id = v."conversationId"
          LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
         WHERE e.version = ${EMBEDDING_VERSION} AND ${countedOnBoard(c.ARENA_LEADERBOARD_INCLUDE_DEMO)}
         ORDER BY v."createdAt" DESC
         LIMIT ${c.ARENA_NEIGHBOURHOOD_MAX_BATTLES}`,
  );
  const size = rows.length;
  const interner = new Interner();
  const id = (m: string) => interner.id(m);
  const models = interner.names;
  const images = new Float32Array(size * IMAGE_DIMENSIONS);
  const hasImage = new Uint8Array(size);
  const texts = new Float32Array(size * TEXT_DIMENSIONS);
  const a = new Int32Array(size);
  const b = new Int32Array(size);
  const outcome = new Float64Array(size);
  rows.forEach((row, r) => {
    a[r] = id(row.modelA);
    b[r] = id(row.modelB);
    outcome[r] = SCORE[row.winner] ?? 0.5;
    if (row.image) {
      unpackUnsigned(row.image, row.imageScale, images, r * IMAGE_DIMENSIONS);
      hasImage[r] = 1;
    }
    unpackSigned(row.text, row.textScale, texts, r * TEXT_DIMENSIONS);
  });
  const imageMean = new Float32Array(IMAGE_DIMENSIONS);
  const withImage = hasImage.reduce((n, x) => n + x, 0);
  for (let r = 0; r < size; r++) {
    if (!hasImage[r]) continue;
    for (let d = 0; d < IMAGE_DIMENSIONS; d++) {
      imageMean[d] = (imageMean[d] as number) + (images[r * IMAGE_DIMENSIONS + d] as number) / withImage;
    }
  }
  for (let r = 0; r < size; r++) {
    if (!hasImage[r]) continue;
    const row = images.subarray(r * IMAGE_DIMENSIONS, (r + 1) * IMAGE_DIMENSIONS);
    for (let d = 0; d < IMAGE_DIMENSIONS; d++) row[d] = (row[d] as number) - (imageMean[d] as number);
    unitLength(row);
  }
  const battles = { a, b, outcome };
  return {
    size,
    ids: rows.map((r) => r.id),
    shown: rows.map((r) => r.shown),
    models,
    a,
    b,
    outcome,
    winner: rows.map((r) => r.winner),
    images,
    hasImage,
    imageMean,
    texts,
    global: size ? fitComposite(models.length, [{ ...battles, lossWeight: 1 }]) : null,
    prior: size ? pairPrior(battles) : null,
  };
}

const cache = loadingCache({ max: 1, ttlMs: () => 60_000 });

/** The candidates, read at most once a minute per process. */
export const neighbourhoodCandidates = (db: Db): Promise<Candidates> =>
  cache.get<Candidates>("candidates", () => load(db));

/** Forget the candidates (tests, after embedding new battles). */
export const forgetCandidates = () => cache.clear();
