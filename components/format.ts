// Words for numbers and pictures, shared by server and client components (a "use client" module's functions cannot be called
// while the server renders).
import type { Translate } from "@/lib/i18n/client";

/** "1 vote", "2,345 votes". */
export const counted = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "The picture asked about: What colour is this?" (numbered when there are several). */
export const imageAlt = (prompt: string, index: number, count: number, say: Translate) => {
  const asked = prompt.trim().replace(/\s+/g, " ").slice(0, 120);
  const which = count > 1 ? say("arena.pictureOf", { n: index + 1, total: count }) : say("arena.pictureOne");
  return asked ? say("arena.askedAbout", { which, question: asked }) : which;
};
