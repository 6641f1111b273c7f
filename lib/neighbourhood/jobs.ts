// The jobs process embeds newly voted battles every so often, a batch at a time (~20 ms a battle on one core).
import type { Schedule } from "../jobs";
import { embedPendingBattles } from "./embed";

export function embeddingSchedule(everyMs: number): Schedule {
  return {
    name: "battle-embeddings",
    everyMs,
    run: async ({ db, log }) => {
      const embedded = await embedPendingBattles(db, 100);
      if (embedded) log(`neighbourhood: embedded ${embedded} battles`);
    },
  };
}
