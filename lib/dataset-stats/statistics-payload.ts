// The dataset statistics as stored (DatasetSnapshot.payload) and read back through zod, so a stored snapshot from
// an older version reads with defaults or fails naming its field instead of rendering nonsense.
import { z } from "zod";

const nullableNumber = z.number().nullable();

export const datasetRowSchema = z.object({
  name: z.string(),
  conversations: z.number(),
  models: z.number(),
  users: z.number(),
  languages: z.number(),
  /** distinct first images per conversation with an image, in percent */
  uniqueImagePercent: nullableNumber,
  avgTurns: nullableNumber,
  /** cl100k_base tokens */
  avgPromptTokens: nullableNumber,
  avgResponseTokens: nullableNumber,
  humanPreference: z.boolean(),
});

export const modelCountsSchema = z.object({
  model: z.string(),
  displayName: z.string(),
  battles: z.number(),
  chats: z.number(),
  refusals: z.number(),
  answers: z.number(),
  avgTokens: nullableNumber,
  rankPlain: nullableNumber,
  rankStyle: nullableNumber,
  /** the rank under style control is STYLE_RANK_DROP or more places worse (Fig. 13's bold) */
  styleRankDrop: z.boolean(),
});

const keyCounts = z.array(z.object({ key: z.string(), count: z.number() }));

export const datasetStatisticsSchema = z.object({
  /** the publication delay the figures were computed under: a change of the delay makes them stale */
  delayDays: z.number().default(0),
  computedAt: z.string(),
  judgedBy: z.string(),
  datasets: z.array(datasetRowSchema),
  models: z.array(modelCountsSchema),
  languages: keyCounts,
  outcomes: keyCounts,
  turns: z.object({ battles: keyCounts, chats: keyCounts }),
  refusals: z.object({ A: z.number(), B: z.number(), both: z.number(), none: z.number() }),
  /** conversations per leaderboard category (Fig. 5), battles and direct chats */
  categories: z.object({ battles: keyCounts, chats: keyCounts }).default({ battles: [], chats: [] }),
  categoryOverlap: z.object({
    categories: z.array(z.string()),
    battles: z.array(z.number()),
    counts: z.array(z.array(z.number())),
  }),
});

export type DatasetRow = z.infer<typeof datasetRowSchema>;
export type ModelCounts = z.infer<typeof modelCountsSchema>;
export type DatasetStatistics = z.infer<typeof datasetStatisticsSchema>;

/** A row of the paper's Table 1: null where the paper's cell is empty or cannot be attributed. */
export type PaperRow = Omit<DatasetRow, "users"> & { users: number | null };

/** The rows Table 1 of the VisionArena paper compares against, as printed. The text of the paper gives a single
 *  users figure (13,500) for its three comparison rows, so no users are attributed to them here; LMSYS-Chat-1M is
 *  text only (no unique-image share). */
export const PAPER_TABLE_1: PaperRow[] = [
  row("LMSYS-Chat-1M", 1_000_000, 25, null, 35, null, 2.0, 36.9, 214.2, false),
  row("WildVision-Battle", 10_383, 19, null, 28, 56.2, 1.2, 57.8, 131.7, true),
  row("WildVision-Chat", 45_170, 9, null, 26, 33.4, 1.4, 81.3, 171.6, false),
  row("VisionArena-Battle (paper)", 30_000, 17, 14_031, 90, 76.4, 1.3, 90.2, 393.6, true),
  row("VisionArena-Chat (paper)", 200_000, 45, 72_933, 138, 62.1, 1.5, 184.1, 634.3, false),
];

function row(
  name: string,
  conversations: number,
  models: number,
  users: number | null,
  languages: number,
  uniqueImagePercent: number | null,
  avgTurns: number,
  avgPromptTokens: number,
  avgResponseTokens: number,
  humanPreference: boolean,
): PaperRow {
  return {
    name,
    conversations,
    models,
    users,
    languages,
    uniqueImagePercent,
    avgTurns,
    avgPromptTokens,
    avgResponseTokens,
    humanPreference,
  };
}
