// lib/text: CSV cells safe in a spreadsheet; cutting long text for analysis that must stay linear in its length; text PostgreSQL can store; token counts.
export { CHUNK_CHARS, chunks, yieldToLoop } from "./chunks";
export { csvCell } from "./csv";
export { isStorableText, storableText, withoutNul } from "./storable";
export { countTokens } from "./tokens";
