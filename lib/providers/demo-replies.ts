// The demo models' words: three styles over what lib/demo-vision saw. Each sentence has several wordings and each
// reply takes the next, so Regenerate never repeats the last answer word for word.
import type { SeenThing, Sight } from "../demo-vision";

let turn = 0;
/** The wording for this reply: a different one each time. */
const pick = (options: string[], offset = 0) => options[(turn + offset) % options.length] as string;

const plural = (label: string, count: number) => {
  if (count === 1) return `${/^[aeiou]/i.test(label) ? "an" : "a"} ${label}`;
  if (label === "person") return `${count} people`;
  return `${count} ${label.endsWith("s") ? label : /(ch|sh|x)$/.test(label) ? `${label}es` : `${label}s`}`;
};

export function thingsSaid(things: SeenThing[], faces: number): string[] {
  const said = things.map((t) => {
    // faces count people the object detector merged into one box
    const count = t.label === "person" ? Math.max(t.count, faces) : t.count;
    return `${t.unsure ? "what may be " : ""}${plural(t.label, count)} ${t.where}`;
  });
  if (faces > 0 && !things.some((t) => t.label === "person")) said.unshift(faces === 1 ? "a face" : `${faces} faces`);
  return said;
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

function colourPhrase(sight: Sight): string {
  const [main, ...rest] = sight.colours;
  if (!main) return "of no single colour";
  const others = rest.slice(0, 2).map((c) => c.name);
  return others.length ? `mostly ${main.name}, with ${list(others)}` : `almost all ${main.name}`;
}

const quoted = (lines: string[]) => lines.map((l) => `"${l}"`);

/** What the question is about, so the answer leads with it. */
export function focusOf(question: string): "text" | "colour" | "count" | "general" {
  const q = question.toLowerCase();
  if (/\b(read|text|say|says|written|write|sign|word|words|label|ocr)\b/.test(q)) return "text";
  if (/\bcolou?rs?\b/.test(q)) return "colour";
  if (/\bhow many\b|\bcount\b|\bnumber of\b/.test(q)) return "count";
  return "general";
}

function facts(sight: Sight) {
  const things = thingsSaid(sight.things, sight.faces);
  return {
    things,
    seesText: sight.text.lines.length > 0,
    textLine: sight.text.lines.length
      ? `${pick(["The text reads", "It says", "I can read"])} ${list(quoted(sight.text.lines.slice(0, 6)))}${sight.text.where ? ` ${sight.text.where}` : ""}.`
      : pick(["I cannot make out any text.", "There is no text I can read.", "I see no readable text."]),
    thingsLine: things.length
      ? `${pick(["I can see", "In it I find", "The picture shows"], 1)} ${list(things.slice(0, 5))}.`
      : pick(
          [
            "I recognise no particular objects in it.",
            "No object I know stands out.",
            "I cannot name the objects in it.",
          ],
          1,
        ),
    colourLine: `${pick(["It is", "The picture is", "Its colours are"], 2)} ${colourPhrase(sight)}.`,
    sizeLine: `${sight.width}×${sight.height} ${sight.format}, ${sight.orientation}`,
  };
}

function lead(focus: ReturnType<typeof focusOf>, f: ReturnType<typeof facts>, sight: Sight): string[] {
  if (focus === "text") return [f.textLine, f.thingsLine, f.colourLine];
  if (focus === "colour") return [f.colourLine, f.thingsLine, f.textLine];
  if (focus === "count") {
    const counted = sight.things.length
      ? `${pick(["I count", "Counting, I find", "I make it"])} ${list(f.things.slice(0, 5))}.`
      : pick([
          "I find nothing I can count with confidence.",
          "Nothing I can count stands out.",
          "I cannot count anything here with confidence.",
        ]);
    return [counted, f.textLine, f.colourLine];
  }
  return [f.thingsLine, f.textLine, f.colourLine];
}

export function terseReply(question: string, sights: Sight[]): string {
  turn += 1;
  const [first] = sights;
  if (!first)
    return pick([
      "No image here, so there is nothing for me to look at.",
      "There is no picture in this conversation.",
      "I need an image to answer.",
    ]);
  const f = facts(first);
  const lines = lead(focusOf(question), f, first);
  const more =
    sights.length > 1
      ? ` ${pick(["Plus", "And", "Also"])} ${sights.length - 1} more image${sights.length > 2 ? "s" : ""}.`
      : "";
  return `${lines.slice(0, 2).join(" ")}${more}`;
}

export function boldReply(question: string, sights: Sight[]): string {
  turn += 1;
  const [first] = sights;
  if (!first) return `**No image** here. Send me a **picture** and I will tell you **what is in it**.`;
  const f = facts(first);
  const things = f.things.slice(0, 4).map((t) => `**${t}**`);
  const text = first.text.lines.length ? list(quoted(first.text.lines.slice(0, 4)).map((t) => `**${t}**`)) : null;
  const parts = [
    `**${pick(["Short answer", "In brief", "At a glance"])}:** ${things.length ? `${pick(["I see", "in it I find", "the picture shows"], 1)} ${list(things)}` : `**no object I can name**`}.`,
    text
      ? `The **text** ${pick(["reads", "says", "spells out"], 2)} ${text}${first.text.where ? ` **${first.text.where}**` : ""}.`
      : `There is **no readable text**.`,
    `The picture is **${colourPhrase(first)}**, **${first.width}×${first.height}** pixels, **${first.brightness}%** bright.`,
  ];
  const focus = focusOf(question);
  if (focus === "text" && text) parts.unshift(parts.splice(1, 1)[0] as string);
  if (focus === "colour") parts.unshift(parts.splice(2, 1)[0] as string);
  return parts.join(" ");
}

export function structuredReply(question: string, sights: Sight[]): string {
  turn += 1;
  if (sights.length === 0)
    return "## No image\n\nThere is no picture in this conversation, so I have nothing to describe.";
  const sections = sights.map((sight, i) => {
    const f = facts(sight);
    return [
      sights.length > 1 ? `## Image ${i + 1}` : `## ${pick(["What I see", "The picture", "Overview"])}`,
      "",
      ...(f.things.length ? f.things.slice(0, 6).map((t) => `- ${t}`) : ["- no object I can name"]),
      "",
      `**Text:** ${sight.text.lines.length ? list(quoted(sight.text.lines.slice(0, 8))) : "none readable"}${sight.text.where ? ` (${sight.text.where})` : ""}`,
      "",
      `**Colours:** ${colourPhrase(sight)}`,
      "",
      `**Size:** ${f.sizeLine}; ${sight.brightness}% brightness`,
    ].join("\n");
  });
  const [first] = sights;
  const answer = first ? lead(focusOf(question), facts(first), first)[0] : "";
  return [`${pick(["In short", "Answer", "Summary"])}: ${answer}`, "", ...sections].join("\n");
}

/** The reasoning demo's thinking: how it went from the picture to its answer, in a few plain steps. */
export function demoThought(question: string, sights: Sight[]): string {
  const [first] = sights;
  const asked = question.trim().replace(/\s+/g, " ").slice(0, 160);
  if (!first) return `The visitor asks "${asked}" but sent no picture. I should say that I need one.`;
  const things = thingsSaid(first.things, first.faces);
  return [
    `The visitor asks: "${asked}". The question is about ${focusOf(question) === "general" ? "the picture as a whole" : `its ${focusOf(question)}`}.`,
    `The picture is ${first.width}×${first.height}, ${colourPhrase(first)}.`,
    things.length ? `Objects I am fairly sure of: ${list(things)}.` : "I do not recognise particular objects.",
    first.text.lines.length
      ? `There is text: ${list(quoted(first.text.lines.slice(0, 6)))}.`
      : "I find no text to read.",
    "I will answer with what matters for the question first, then the rest, in sections.",
  ].join(" ");
}
