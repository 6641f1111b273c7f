// The jobs process keeps the figures and topics of /data no older than their intervals even when nobody visits, and
// finds new failure-case candidates for the console. Imported by the jobs process alone: the topics load the
// clustering libraries.

import { findFailureCandidates } from "../failures";
import type { Schedule } from "../jobs";
import { currentDatasetStatistics } from "./index";
import { refreshDatasetTopics } from "./topics";

export function datasetSchedule(judgedBy: string, everyMs: number): Schedule {
  return {
    name: "dataset statistics",
    everyMs,
    run: async ({ db, log }) => {
      await currentDatasetStatistics(db, { judgedBy });
      const found = await findFailureCandidates(db);
      if (found) log(`failure cases: ${found} new candidates`);
      const topics = await refreshDatasetTopics(db);
      if (topics)
        log(`dataset topics: ${topics.battles.topics.length} of battles, ${topics.chats.topics.length} of chats`);
    },
  };
}
