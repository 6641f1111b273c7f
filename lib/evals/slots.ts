// Placeholders in a prompt item's turns that a run fills in. A module of its own (no imports), so the benchmark
// definitions that write them load nothing of the runner.

/** In a scratchpad item, where the second turn takes the first answer (the model's own description). */
export const DESCRIPTION_SLOT = "{description}";
