// The stored snapshot JSON, read back through zod rather than cast: a payload written by an older version (or a
// hand-edited row) fails with a message naming the field instead of surfacing as undefined deep in a page. JSON
// keeps no NaN or infinity (they are stored as null, e.g. an interval the sandwich could not give), so numbers read
// null back as NaN, as they were computed.
import { z } from "zod";
import { domainError } from "../errors";
import { PROBE_IDS } from "../ratings/evidence/types";
import { ALL_STYLE_FEATURES } from "../ratings/types";

const num = z
  .number()
  .nullable()
  .transform((v) => v ?? Number.NaN);

export const styleCoefficientSchema = z.object({
  feature: z.enum(ALL_STYLE_FEATURES),
  value: num,
  ciLower: num,
  ciUpper: num,
});

// The model's display fields came over time: payloads written before one of them read it with its default.
export const snapshotModelSchema = z
  .object({
    model: z.string(),
    displayName: z.string().optional(),
    organization: z.string().nullable().default(null),
    license: z.string().nullable().default(null),
    isDemo: z.boolean().default(false),
    rating: num,
    ciLower: num,
    ciUpper: num,
    /** null: listed without a rank (preliminary or retired) */
    rank: z.number().nullable(),
    votes: z.number(),
    winRate: num,
    /** under the board's minimum of votes: listed after the ranked models, with no rank and no interval */
    preliminary: z.boolean().default(false),
    /** disabled by an admin: in the fits and in history, out of the ranks */
    retired: z.boolean().default(false),
    /** [best, worst] rank the intervals allow */
    rankSpread: z.tuple([z.number(), z.number()]).nullable().default(null),
    /** the class of models that cannot be told apart (lib/ratings/tiers.ts); null when unranked */
    tier: z.number().nullable().default(null),
    /** the votes whose removal would swap it with the next ranked model below (AMIP, confirmed by refit) */
    fragility: z
      .object({ votes: z.number().nullable(), approximate: z.number().nullable(), with: z.string() })
      .nullable()
      .default(null),
  })
  .transform((m) => ({ ...m, displayName: m.displayName ?? m.model }));

/** One category of a recompute run, as the cross-category charts need it (VisionArena Figs. 5–8, Table 2). */
export const categorySummarySchema = z.object({
  category: z.string(),
  battles: z.number(),
  /** "tie (bothbad)" votes */
  bothBad: z.number(),
  /** Rank (UB) per model id, without and with style control */
  ranks: z.record(z.string(), z.number()),
  styleRanks: z.record(z.string(), z.number()).optional(),
  /** votes per model id in this category (the paper stars cells under 100) */
  votes: z.record(z.string(), z.number()),
  styleCoefficients: z.array(styleCoefficientSchema).optional(),
});

export const snapshotPayloadSchema = z.object({
  /** the recompute run that wrote it: all categories of a run are written, and published, together */
  runId: z.string().optional(),
  /** the board is published and its models' fragility is still being found (written into it when found) */
  fragilityPending: z.literal(true).optional(),
  /** on the overall board without style control: every category of the run */
  summary: z.array(categorySummarySchema).optional(),
  /** whose labels made the judged categories: a judge model's labeller name, or "rules" */
  categoriesLabelledBy: z.string().optional(),
  /** how the board was computed (boards written before the method was recorded have none) */
  method: z
    .looseObject({
      ci: z.string(),
      reweighted: z.boolean(),
      minVotes: z.number(),
      confidence: z.number(),
      bootstrapRounds: z.number(),
      seed: z.number(),
      styleFeatures: z.array(z.string()),
      voteCutoff: z.string().nullable(),
      dataHash: z.string(),
    })
    .optional(),
  battles: z.number(),
  components: z.number(),
  warnings: z.array(z.string()),
  models: z.array(snapshotModelSchema),
  styleCoefficients: z.array(styleCoefficientSchema).optional(),
  /** on the composite board: its weights and what each component held (lib/leaderboard/composite-run.ts) */
  composite: z
    .object({
      weights: z.object({ human: num, benchmarks: z.record(z.string(), num) }),
      components: z.array(
        z.object({
          kind: z.enum(["human", "benchmark"]),
          /** the benchmark and its set (name@version); "votes" for the human battles */
          name: z.string(),
          benchmark: z.string().optional(),
          weight: num,
          /** battles (human) or pairwise outcomes (a benchmark) */
          rows: z.number(),
          models: z.array(z.string()),
        }),
      ),
    })
    .optional(),
  /** the board's audit probes, each with its bar (lib/ratings/evidence), written in with the fragility */
  evidence: z
    .object({
      probes: z.array(
        z.object({
          id: z.enum(PROBE_IDS),
          fired: z.boolean().nullable(),
          bar: z.string(),
          finding: z.string(),
          figures: z.record(z.string(), z.unknown()),
        }),
      ),
    })
    .optional(),
  /** model × model, in the order of `models`: battles per pair, and the row model's share of decisive wins */
  matrices: z
    .object({ battles: z.array(z.array(z.number())), winFraction: z.array(z.array(num.nullable())) })
    .optional(),
});

/** An imported board (another arena's published numbers): only what comparisons read. */
export const importedBoardSchema = z.object({
  models: z.array(z.looseObject({ model: z.string(), rating: num, ciLower: num, ciUpper: num })),
});

export type SnapshotModel = z.infer<typeof snapshotModelSchema>;
export type SnapshotPayload = z.infer<typeof snapshotPayloadSchema>;
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export class SnapshotPayloadError extends domainError("internal", "unreadable_snapshot") {}

function read<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new SnapshotPayloadError(`${what}: ${issue?.path.join(".") || "payload"}: ${issue?.message ?? "invalid"}`);
}

export const readSnapshotPayload = (value: unknown, snapshotId: string): SnapshotPayload =>
  read(snapshotPayloadSchema, value, `snapshot ${snapshotId}`);

export const readImportedBoard = (value: unknown, snapshotId: string) =>
  read(importedBoardSchema, value, `imported snapshot ${snapshotId}`);
