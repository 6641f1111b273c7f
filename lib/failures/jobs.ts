// The jobs process looks for new failure-case candidates for the console on the dataset statistics' interval, so
// the console's list is fresh without anyone pressing "Find candidates".
import type { Schedule } from "../jobs";
import { findFailureCandidates } from "./cases";

export function failureSchedule(everyMs: number): Schedule {
  return {
    name: "failure cases",
    everyMs,
    run: async ({ db, log }) => {
      const found = await findFailureCandidates(db);
      if (found) log(`failure cases: ${found} new candidates`);
    },
  };
}
