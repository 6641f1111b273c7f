// The drift watch's canary slices: a few dozen items of each ground-truth benchmark, drawn once by a seeded hash of
// their question ids and stored as a prompt set of their own (`canary:<benchmark>`, source "canary"), the draw
// recorded in its metadata (source set, seed, size, question ids). The slice never changes: every run of every model
// answers the same items with the same prompts, so a change of accuracy is the model's, not the sample's.
import { createHash } from "node:crypto";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { domainError } from "../errors";
import { createPromptSetVersion, type NewPromptItem, type PromptTurn } from "../evals";

export class CanaryError extends domainError("invalid", "invalid_canary") {}

export const CANARY_SOURCE = "canary";
export const canarySetName = (benchmark: string) => `canary:${benchmark}`;
/** Five dozen: a 0.8 → 0.5 fall alarms at its first run ~3 times in 4 at α = 1e-4 (docs/statistics.md). */
export const DEFAULT_CANARY_SIZE = 60;

export interface CanarySlice {
  setId: string;
  name: string;
  benchmark: string;
  from: string;
  seed: number;
  questionIds: string[];
  createdAt: Date;
}

interface SliceRow {
  id: string;
  name: string;
  metadata: { benchmark: string; canary: { from: string; seed: number; questionIds: string[] } };
  createdAt: Date;
}

const sliceOf = (row: SliceRow): CanarySlice => ({
  setId: row.id,
  name: row.name,
  benchmark: row.metadata.benchmark,
  from: row.metadata.canary.from,
  seed: row.metadata.canary.seed,
  questionIds: row.metadata.canary.questionIds,
  createdAt: row.createdAt,
});

/** Every benchmark's canary slice (the first one chosen: a slice is never replaced). */
export async function canarySlices(db: Db): Promise<CanarySlice[]> {
  const { rows } = await db.pool.query<SliceRow>(
    sql`SELECT DISTINCT ON (metadata->>'benchmark') id, name, metadata, "createdAt"
          FROM "PromptSet" WHERE source = ${CANARY_SOURCE}
         ORDER BY metadata->>'benchmark', version`,
  );
  return rows.map(sliceOf);
}

/** The rank of an item in a seeded draw: a hash, so the draw does not depend on the order items were imported in. */
const drawKey = (seed: number, questionId: string) =>
  createHash("sha256").update(`${seed}\u0000${questionId}`).digest("hex");

/**
 * Chooses the benchmark's canary slice from one of its imported sets (`set` as name or name@version; else its
 * newest imported set) and stores it. Once chosen it stays: asking again returns the slice already recorded.
 */
export async function chooseCanarySlice(
  db: Db,
  input: { benchmark: string; set?: string; size?: number; seed: number },
): Promise<{ slice: CanarySlice; created: boolean }> {
  const existing = (await canarySlices(db)).find((s) => s.benchmark === input.benchmark);
  if (existing) return { slice: existing, created: false };
  const size = input.size ?? DEFAULT_CANARY_SIZE;
  if (!Number.isInteger(size) || size < 5 || size > 500) throw new CanaryError("a canary slice takes 5 to 500 items");
  const [name, version] = (input.set ?? "").split("@");
  const { rows: sets } = await db.pool.query<{ id: string; name: string; version: number }>(
    sql`SELECT id, name, version FROM "PromptSet"
         WHERE source = ${`benchmark:${input.benchmark}`}
           AND (${name || null}::text IS NULL OR name = ${name || null})
           AND (${version ? Number(version) : null}::int IS NULL OR version = ${version ? Number(version) : null})
         ORDER BY "createdAt" DESC, version DESC LIMIT 1`,
  );
  const source = sets[0];
  if (!source) {
    throw new CanaryError(
      input.set
        ? `no imported ${input.benchmark} set '${input.set}'`
        : `no imported ${input.benchmark} set: import the benchmark first (arena benchmark import)`,
    );
  }
  const { rows: items } = await db.pool.query<{
    id: string;
    questionId: string;
    category: string | null;
    turns: PromptTurn[];
    metadata: Record<string, unknown> | null;
    shas: string[] | null;
  }>(
    sql`SELECT i.id, i."questionId", i.category, i.turns, i.metadata,
            (SELECT array_agg(pi."imageSha256" ORDER BY pi.position) FROM "PromptItemImage" pi WHERE pi."itemId" = i.id) AS shas
          FROM "PromptItem" i WHERE i."setId" = ${source.id}`,
  );
  if (items.length < size) {
    throw new CanaryError(`${source.name}@${source.version} has ${items.length} items: fewer than the slice's ${size}`);
  }
  const chosen = items
    .map((item) => ({ item, key: drawKey(input.seed, item.questionId) }))
    .sort((p, q) => (p.key < q.key ? -1 : p.key > q.key ? 1 : 0))
    .slice(0, size)
    .map(({ item }) => item)
    .sort((p, q) => p.questionId.localeCompare(q.questionId));
  const from = `${source.name}@${source.version}`;
  const newItems: NewPromptItem[] = chosen.map((item) => ({
    questionId: item.questionId,
    category: item.category,
    turns: item.turns,
    metadata: item.metadata,
    provenance: { canaryOf: from, itemId: item.id },
    imageShas: item.shas ?? [],
  }));
  const created = await createPromptSetVersion(
    db,
    {
      name: canarySetName(input.benchmark),
      description: `the drift watch's canary slice of ${input.benchmark}: ${size} items of ${from}`,
      licence: null,
      source: CANARY_SOURCE,
      metadata: {
        benchmark: input.benchmark,
        canary: { from, seed: input.seed, size, questionIds: chosen.map((i) => i.questionId) },
      },
    },
    newItems,
  );
  const slice = (await canarySlices(db)).find((s) => s.setId === created.id);
  if (!slice) throw new CanaryError(`the slice of ${input.benchmark} was not stored`);
  return { slice, created: true };
}
