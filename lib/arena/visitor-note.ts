// A visitor's short note (a report's, a reaction's): trimmed, capped, and never holding a NUL character.
import { z } from "zod";

export const visitorNote = (maxChars: number) =>
  z
    .string()
    .trim()
    .max(maxChars, { error: `a note of at most ${maxChars} characters` })
    .refine((note) => !note.includes("\0"), { error: "the note contains a NUL character" });
