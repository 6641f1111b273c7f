// lib/arena for the browser: names and limits only, no server code.
export { REACTION_NOTE_CHARS, VISION_REACTIONS, type VisionReaction } from "./reaction-names";
