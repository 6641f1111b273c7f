// What tests read off a streamed turn's events.

/** The sides whose answers finished ("done" events), sorted: ["a", "b"] when both did. */
export const doneSides = (events: readonly { type: string }[]) =>
  events
    .filter((e) => e.type === "done")
    .map((e) => (e as { type: string; side: string }).side)
    .sort();
