// The dataset's topics as stored (DatasetSnapshot kind "topics") and read back through zod. Apart from topics.ts,
// which computes them with the clustering libraries, so the web pages that read them never load those.
import { z } from "zod";

/** The most recent prompts of each kind that are clustered: density clustering is quadratic in the pool. */
export const TOPIC_POOL = 4000;
/** The topics shown of each kind, largest first (the paper shows 20). */
export const TOPICS_SHOWN = 20;

const topicSchema = z.object({
  name: z.string(),
  keywords: z.array(z.string()),
  size: z.number(),
  share: z.number(),
  examples: z.array(z.string()),
});
const topicsOfKind = z.object({ pool: z.number(), method: z.string(), topics: z.array(topicSchema) });
export const datasetTopicsSchema = z.object({
  computedAt: z.string(),
  embedder: z.string(),
  battles: topicsOfKind,
  chats: topicsOfKind,
});
export type DatasetTopics = z.infer<typeof datasetTopicsSchema>;
export type TopicsOfKind = z.infer<typeof topicsOfKind>;
