// The vision reactions' names, in the order the visitor sees them ("other" last, with a short note): shared by the
// server (lib/arena/reactions.ts) and the vote's reaction buttons (through lib/arena/client.ts), so the two lists
// cannot drift apart.
export const VISION_REACTIONS = [
  "misread_text",
  "wrong_count",
  "not_there",
  "wrong_position",
  "refused",
  "other",
] as const;
export type VisionReaction = (typeof VISION_REACTIONS)[number];

export const REACTION_NOTE_CHARS = 200;

/** What each reason means, for the datasheet, exports and the console (the visitor's words are in messages/). */
export const REACTION_MEANINGS: Record<VisionReaction, string> = {
  misread_text: "misread text in the image",
  wrong_count: "counted objects wrong",
  not_there: "described something that is not in the image",
  wrong_position: "got where things are wrong (left/right, above/below, which one)",
  refused: "refused without a good reason",
  other: "something else (with the visitor's short note)",
};
