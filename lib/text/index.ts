// lib/text: cutting long text for analysis that must stay linear in its length.
export { CHUNK_CHARS, chunks, yieldToLoop } from "./chunks";
