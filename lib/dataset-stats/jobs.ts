// The jobs process keeps the figures and topics of /data no older than their intervals even when nobody visits.
// Imported by the jobs process alone: the topics load the clustering libraries.

import type { Schedule } from "../jobs";
import { currentDatasetStatistics } from "./index";
import { refreshDatasetTopics } from "./topics";

export function datasetSchedule(judgedBy: string, everyMs: number): Schedule {
  return {
    name: "dataset statistics",
    everyMs,
    run: async ({ db, log }) => {
      await currentDatasetStatistics(db, { judgedBy });
      const topics = await refreshDatasetTopics(db);
      if (topics)
        log(`dataset topics: ${topics.battles.topics.length} of battles, ${topics.chats.topics.length} of chats`);
    },
  };
}
