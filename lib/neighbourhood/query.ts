// "Which model for an image like mine?": a picture and a question become an embedding (./embed.ts's embedders),
// compared with every candidate battle's (half the image's centred cosine, half the text's; either alone when the
// other is missing); the kernel-weighted board of the nearest (lib/ratings/neighbourhood.ts) is the answer, with
// its effective votes, how far it moved from the global board, and the battles it leaned on most.
import type { Db } from "../db/context";
import { InvalidInput } from "../errors";
import { unitLength } from "../numeric";
import { kernelNeighbourhood, NEIGHBOURHOOD_DEFAULTS, neighbourhoodBoard } from "../ratings/neighbourhood";
import { BASE, INIT_RATING, SCALE } from "../ratings/scale";
import { imageEmbedding } from "../vision";
import { type Candidates, IMAGE_DIMENSIONS, neighbourhoodCandidates } from "./candidates";
import { TEXT_DIMENSIONS, textEmbedding } from "./text";

export interface NeighbourhoodModel {
  model: string;
  displayName: string;
  rating: number;
  ciLower: number;
  ciUpper: number;
  /** the kernel weights of the neighbourhood's battles this model played */
  weightedVotes: number;
  /** its rating on the board over every candidate, for comparison */
  globalRating: number;
}

export interface NeighbourBattle {
  id: string;
  similarity: number;
  weight: number;
  modelA: string;
  modelB: string;
  winner: string;
  /** the battle's public page, when its visitor put it in the gallery */
  link: string | null;
}

export interface NeighbourhoodResult {
  enough: boolean;
  /** the battles compared with (counted on the live board, embedded) */
  candidates: number;
  effectiveVotes: number;
  minEffectiveVotes: number;
  /** 0: the global board's order; 1: the neighbourhood's own */
  shrinkage: number | null;
  models: NeighbourhoodModel[];
  battles: NeighbourBattle[];
}

function similarities(candidates: Candidates, image: Float32Array | null, text: Float32Array): Float64Array {
  const hasText = text.some((x) => x !== 0);
  const out = new Float64Array(candidates.size);
  for (let r = 0; r < candidates.size; r++) {
    let imageCos = 0;
    const withImage = image !== null && candidates.hasImage[r] === 1;
    if (withImage) {
      const offset = r * IMAGE_DIMENSIONS;
      for (let d = 0; d < IMAGE_DIMENSIONS; d++)
        imageCos += (image[d] as number) * (candidates.images[offset + d] as number);
    }
    let textCos = 0;
    if (hasText) {
      const offset = r * TEXT_DIMENSIONS;
      for (let d = 0; d < TEXT_DIMENSIONS; d++)
        textCos += (text[d] as number) * (candidates.texts[offset + d] as number);
    }
    out[r] = withImage && hasText ? (imageCos + textCos) / 2 : withImage ? imageCos : textCos;
  }
  return out;
}

export async function neighbourhoodFor(
  db: Db,
  query: { image: Buffer | null; prompt: string },
): Promise<NeighbourhoodResult> {
  const prompt = query.prompt.trim();
  if (!query.image && !prompt) throw new InvalidInput("invalid_request", "give an image, a question, or both");
  const candidates = await neighbourhoodCandidates(db);
  let image: Float32Array | null = null;
  if (query.image) {
    image = await imageEmbedding(query.image);
    for (let d = 0; d < IMAGE_DIMENSIONS; d++) image[d] = (image[d] as number) - (candidates.imageMean[d] as number);
    unitLength(image);
  }
  const similarity = similarities(candidates, image, textEmbedding(prompt));
  const hood = kernelNeighbourhood(similarity);
  const empty = {
    candidates: candidates.size,
    effectiveVotes: hood.effectiveVotes,
    minEffectiveVotes: NEIGHBOURHOOD_DEFAULTS.minEffectiveVotes,
  };
  const { global, prior } = candidates;
  if (!global) return { enough: false, ...empty, shrinkage: null, models: [], battles: [] };
  const board = neighbourhoodBoard(candidates.models.length, candidates, hood, prior, {
    global,
    scale: SCALE,
    base: BASE,
    initRating: INIT_RATING,
  });
  const names = new Map(
    (
      await db.prisma.model.findMany({
        where: { id: { in: candidates.models } },
        select: { id: true, displayName: true },
      })
    ).map((m) => [m.id, m.displayName]),
  );
  const battles = [...hood.rows.subarray(0, 20)].map((row, k) => ({
    id: candidates.ids[row] as string,
    similarity: Number((similarity[row] as number).toFixed(4)),
    weight: Number((hood.weights[k] as number).toFixed(4)),
    modelA: names.get(candidates.models[candidates.a[row] as number] as string) ?? "",
    modelB: names.get(candidates.models[candidates.b[row] as number] as string) ?? "",
    winner: candidates.winner[row] as string,
    link: candidates.shown[row] ? `/share/${candidates.ids[row]}` : null,
  }));
  if (!board.enough) return { enough: false, ...empty, shrinkage: null, models: [], battles };
  const weighted = new Float64Array(candidates.models.length);
  hood.rows.forEach((row, k) => {
    weighted[candidates.a[row] as number] =
      (weighted[candidates.a[row] as number] as number) + (hood.weights[k] as number);
    weighted[candidates.b[row] as number] =
      (weighted[candidates.b[row] as number] as number) + (hood.weights[k] as number);
  });
  const alpha = SCALE / Math.log(BASE);
  const models = candidates.models
    .map((model, i) => ({
      model,
      displayName: names.get(model) ?? model,
      rating: board.fit.ratings[i] as number,
      ciLower: board.fit.lower[i] as number,
      ciUpper: board.fit.upper[i] as number,
      weightedVotes: Number((weighted[i] as number).toFixed(2)),
      globalRating: (global.theta[i] as number) * alpha + INIT_RATING,
    }))
    .filter((m) => m.weightedVotes > 0)
    .sort((x, y) => y.rating - x.rating);
  return { enough: true, ...empty, shrinkage: board.shrinkage, models, battles };
}
