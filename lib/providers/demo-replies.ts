// The demo models' words: the answer to the question asked, from what lib/demo-vision saw, in three styles. The
// question is read first (./demo-question): counts, colours of named shapes or things, where something is, yes or
// no about a named thing, the text and its total are answered; anything the demo cannot see gets one honest line
// and what it can see. Each sentence has several wordings and each reply takes the next, so Regenerate never
// repeats the last answer word for word.
import { type SeenShape, type SeenThing, type Sight, whereIs } from "../demo-vision";
import { type Intent, questionsIn, readQuestion, type Target } from "./demo-question";

let turn = 0;
/** The wording for this reply: a different one each time. */
const pick = (options: string[], offset = 0) => options[(turn + offset) % options.length] as string;

type Em = (text: string) => string;
const plain: Em = (text) => text;
const bold: Em = (text) => `**${text}**`;

const pluralWord = (label: string) => {
  if (label === "person") return "people";
  if (/(s|ch|sh|x)$/.test(label)) return label.endsWith("s") && !label.endsWith("ss") ? label : `${label}es`;
  if (/[^aeiou]y$/.test(label)) return `${label.slice(0, -1)}ies`;
  if (label === "knife") return "knives";
  if (label === "mouse") return "mice";
  return `${label}s`;
};

export const plural = (label: string, count: number) => {
  if (count === 1) return `${/^[aeiou]/i.test(label) ? "an" : "a"} ${label}`;
  return `${count} ${pluralWord(label)}`;
};

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** A thing as said: people counted by faces too (the detector merges a crowd into one box), hedged when unsure. */
function thingPhrase(t: SeenThing, faces: number, em: Em): string {
  const count = t.label === "person" ? Math.max(t.count, faces) : t.count;
  return `${t.unsure ? "what may be " : ""}${em(plural(t.label, count))} ${t.where}`;
}

export function thingsSaid(things: SeenThing[], faces: number, em: Em = plain): string[] {
  return things.map((t) => thingPhrase(t, faces, em));
}

/** Shapes grouped by colour and kind, largest groups first: "3 red triangles, 2 blue circles and a green square". */
export function shapesSaid(shapes: SeenShape[], em: Em = plain): string[] {
  const groups = new Map<string, number>();
  for (const s of shapes) {
    const key = `${s.colour} ${s.kind}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].sort((a, b) => b[1] - a[1]).map(([key, n]) => em(plural(key, n)));
}

function colourPhrase(sight: Sight): string {
  const [main, ...rest] = sight.colours;
  if (!main) return "of no single colour";
  const others = rest.slice(0, 2).map((c) => c.name);
  return others.length ? `mostly ${main.name}, with ${list(others)}` : `almost all ${main.name}`;
}

const quoted = (lines: string[]) => lines.map((l) => `"${l}"`);
const isDrawing = (sight: Sight) => sight.shapes.length > 0;

/** What is in the picture, in one sentence: its shapes (a drawing) or the things it shows (a photograph). */
function contents(sight: Sight, em: Em): string {
  if (isDrawing(sight)) {
    return `${pick(["I see", "The drawing shows", "It shows"], 1)} ${list(shapesSaid(sight.shapes, em))}.`;
  }
  const things = thingsSaid(sight.things, sight.faces, em).slice(0, 5);
  if (things.length) return `${pick(["I can see", "In it I find", "The picture shows"], 1)} ${list(things)}.`;
  return pick(
    ["I recognise no particular objects in it.", "No object I know stands out.", "I cannot name the objects in it."],
    1,
  );
}

function textLine(sight: Sight, em: Em): string {
  if (!sight.text.lines.length)
    return pick(["I cannot make out any text.", "There is no text I can read.", "I see no readable text."]);
  return `${pick(["The text reads", "It says", "I can read"])} ${list(quoted(sight.text.lines.slice(0, 6)).map(em))}${sight.text.where ? ` ${sight.text.where}` : ""}.`;
}

const colourLine = (sight: Sight, em: Em) =>
  `${pick(["It is", "The picture is", "Its colours are"], 2)} ${em(colourPhrase(sight))}.`;

const cannot = (what: string) =>
  `${pick(["A demo model cannot judge that", "That is beyond what a demo model can see", "I am only a demo model and cannot tell that"])}${what ? ` (${what})` : ""}. ${pick(["Here is what I can see", "What I can see", "What I do see"], 1)}:`;

const shapesOf = (sight: Sight, t: Target, withColour: boolean) =>
  sight.shapes.filter(
    (s) => (t.label === "shape" || s.kind === t.label) && (!withColour || !t.colour || s.colour === t.colour),
  );

const thingOf = (sight: Sight, t: Target) => sight.things.find((x) => x.label === t.label);

const noun = (t: Target) => (t.colour ? `${t.colour} ${t.label}` : t.label);

function count(sight: Sight, t: Target | null, em: Em): string {
  if (!t || t.kind === "picture") {
    if (isDrawing(sight))
      return `${pick(["I count", "Counting, I find", "I make it"])} ${list(shapesSaid(sight.shapes, em))}.`;
    const sure = sight.things.filter((x) => !x.unsure);
    if (!sure.length)
      return `${pick(["I find nothing I can count with confidence.", "Nothing I can count stands out."])}`;
    return `${pick(["I count", "Counting, I find", "I make it"])} ${list(thingsSaid(sure, sight.faces, em))}.`;
  }
  if (t.kind === "shape") {
    const found = shapesOf(sight, t, true);
    if (!found.length) {
      const others = sight.shapes.length
        ? ` ${pick(["It shows", "I see", "The picture has"])} ${list(shapesSaid(sight.shapes))}.`
        : "";
      return `I ${pick(["find", "see", "count"])} no ${pluralWord(noun(t))}.${others}`;
    }
    const label = t.label === "shape" ? "shape" : noun(t);
    const breakdown =
      t.label === "shape" || (!t.colour && new Set(found.map((s) => s.colour)).size > 1)
        ? `: ${list(shapesSaid(found))}`
        : "";
    return `${pick(["I count", found.length === 1 ? "There is" : "There are", "I see"])} ${em(plural(label, found.length))}${breakdown}.`;
  }
  if (t.kind === "object" || t.kind === "person") {
    const thing = thingOf(sight, t);
    if (!thing) {
      if (t.kind === "person" && sight.faces > 0)
        return `${pick(["I count", "I see", "I find"])} ${em(plural("face", sight.faces))}.`;
      return `I ${pick(["see", "find", "count"])} no ${pluralWord(t.label)}.`;
    }
    const n = t.kind === "person" ? Math.max(thing.count, sight.faces) : thing.count;
    if (thing.unsure) return `I may see ${plural(t.label, n)} ${thing.where}, but I am not sure.`;
    return `${pick(["I count", "I see", n === 1 ? "There is" : "There are"])} ${em(plural(t.label, n))} ${thing.where}.`;
  }
  if (t.kind === "text") {
    const words = sight.text.lines.join(" ").split(/\s+/).filter(Boolean).length;
    return words
      ? `I read ${em(plural("word", words))}: ${list(quoted(sight.text.lines.slice(0, 6)))}.`
      : textLine(sight, em);
  }
  if (t.kind === "colours") {
    // a drawing's colours are its shapes' (the page behind them is not what is asked about); a photo's, its own
    const names = isDrawing(sight) ? [...new Set(sight.shapes.map((x) => x.colour))] : sight.colours.map((c) => c.name);
    if (!names.length) return "It has no single colour I can name.";
    return names.length === 1
      ? `${pick(["It is almost all", "I see one colour:", "The whole picture is"])} ${em(names[0] as string)}.`
      : `${pick(["I see", "I count", "There are"])} ${em(`${names.length} main colours`)}: ${list(names)}.`;
  }
  return `${cannot(`counting ${pluralWord(t.words)}`)} ${summarise(sight, em)}`;
}

function colour(sight: Sight, t: Target | null, em: Em): string {
  if (!t || t.kind === "picture")
    return `${pick(["The picture is", "It is", "Its colours:"])} ${em(colourPhrase(sight))}.`;
  if (t.kind === "shape") {
    const found = shapesOf(sight, t, false);
    if (!found.length)
      return `I see no ${t.label} here. ${isDrawing(sight) ? contents(sight, plain) : colourLine(sight, plain)}`;
    const colours = [...new Set(found.map((s) => s.colour))];
    if (found.length === 1) return `The ${t.label} is ${em(colours[0] as string)}.`;
    if (colours.length === 1)
      return `${pick(["All", "The"])} ${found.length} ${pluralWord(t.label)} are ${em(colours[0] as string)}.`;
    return `The ${pluralWord(t.label)} are ${list(shapesSaid(found, em))}.`;
  }
  if (t.kind === "object" || t.kind === "person") {
    const thing = thingOf(sight, t);
    if (!thing) return `I do not see ${plural(t.label, 1)}; the picture is ${colourPhrase(sight)}.`;
    if (!thing.colour)
      return `I may see ${plural(t.label, 1)} ${thing.where}, but not clearly enough to name its colour; the picture is ${colourPhrase(sight)}.`;
    return `The ${t.label} ${thing.where} is ${pick(["mostly", "chiefly", "largely"])} ${em(thing.colour)}.`;
  }
  return `I cannot pick out ${t.kind === "text" ? "the text's colour" : `the ${t.words}`} by itself; the picture as a whole is ${em(colourPhrase(sight))}.`;
}

function where(sight: Sight, t: Target | null, em: Em): string {
  if (t?.kind === "shape") {
    const found = shapesOf(sight, t, true);
    if (!found.length) return `I see no ${noun(t)} here.`;
    const places = found.map(
      (s) => `${found.length > 1 ? `${plural(`${s.colour} ${s.kind}`, 1)} ` : ""}${em(whereOf(s))}`,
    );
    return found.length === 1
      ? `The ${noun(t)} is ${places[0]}.`
      : `${pick(["There are", "I see"])} ${found.length}: ${list(places)}.`;
  }
  if (t?.kind === "object" || t?.kind === "person") {
    const thing = thingOf(sight, t);
    if (!thing) return `I do not see ${plural(t.label, 1)} in the picture.`;
    return `${thing.unsure ? "What may be " : "The "}${thing.unsure ? plural(t.label, 1) : t.label} is ${em(thing.where)}.`;
  }
  if (t?.kind === "text") {
    if (!sight.text.lines.length) return "I cannot find any text in the picture.";
    return `The text is ${em(sight.text.where ?? "spread over the picture")}: ${list(quoted(sight.text.lines.slice(0, 4)))}.`;
  }
  return `${cannot(t ? `where ${t.words} is` : "")} ${summarise(sight, em)}`;
}

const whereOf = (shape: SeenShape): string => whereIs(shape.box);

function yesNo(sight: Sight, t: Target | null, em: Em): string {
  if (!t || t.kind === "picture" || t.kind === "unknown")
    return `${cannot(t?.kind === "unknown" ? `anything about ${t.words}` : "")} ${summarise(sight, em)}`;
  if (t.kind === "shape") {
    const found = shapesOf(sight, t, true);
    if (found.length) return `${em("Yes")}: ${pick(["I see", "there is", "I find"])} ${list(shapesSaid(found))}.`;
    const otherColour = t.colour ? shapesOf(sight, t, false) : [];
    if (otherColour.length)
      return `${em("No")}: the ${pluralWord(t.label)} ${otherColour.length === 1 ? "is" : "are"} ${list([...new Set(otherColour.map((s) => s.colour))])}.`;
    return `${em("No")}: I see no ${noun(t)}.`;
  }
  if (t.kind === "text") {
    return sight.text.lines.length
      ? `${em("Yes")}: ${textLine(sight, plain)}`
      : `${em("No")}: ${pick(["I cannot make out any text.", "I see no readable text."])}`;
  }
  const thing = thingOf(sight, t);
  if (!thing) {
    if (t.kind === "person" && sight.faces > 0) return `${em("Yes")}: I see ${plural("face", sight.faces)}.`;
    return `${em("No")}: I do not see ${plural(t.label, 1)}.`;
  }
  if (t.colour && thing.colour && thing.colour !== t.colour)
    return `${em("No")}: the ${t.label} ${thing.where} is ${thing.colour}.`;
  if (thing.unsure)
    return `${em("Perhaps")}: I may see ${plural(t.label, thing.count)} ${thing.where}, but I am not sure.`;
  return `${em("Yes")}: ${pick(["I see", "there is", "I find"])} ${thingPhrase(thing, sight.faces, plain)}.`;
}

const AMOUNT = /\d+(?:[.,]\d{2})\b/g;
const amountOf = (text: string) => Number(text.replace(",", "."));

function total(sight: Sight, em: Em): string {
  const lines = sight.text.lines;
  if (!lines.length) return "I cannot make out any text, so I find no amounts to add up.";
  const totalLine =
    lines.find((l) => /\btotal\b/i.test(l) && !/sub\s*-?total/i.test(l) && AMOUNT.test(l)) ??
    lines.find((l) => /\btotal\b/i.test(l) && /\d/.test(l));
  AMOUNT.lastIndex = 0;
  if (totalLine) {
    const amount = totalLine.match(AMOUNT)?.at(-1);
    if (amount) return `The total is ${em(amount)} (the line reads "${totalLine}").`;
  }
  const items = lines
    .filter((l) => !/\b(total|tax|vat|change|cash|card|tip)\b/i.test(l))
    .flatMap((l) => (l.match(AMOUNT) ?? []).slice(-1));
  if (!items.length) return `I find no amounts to add up. ${textLine(sight, plain)}`;
  const sum = items.reduce((s, a) => s + amountOf(a), 0);
  return `${pick(["There is no total line; the amounts", "I find no total written; the amounts", "No total is printed; the amounts"])} ${list(items)} add up to ${em(sum.toFixed(2))}.`;
}

function summarise(sight: Sight, em: Em): string {
  return [contents(sight, em), sight.text.lines.length ? textLine(sight, em) : colourLine(sight, em)].join(" ");
}

/** The answer to the question for one picture. */
function answerFor(intent: Intent, sight: Sight, em: Em): string {
  switch (intent.kind) {
    case "count":
      return count(sight, intent.target, em);
    case "colour":
      return colour(sight, intent.target, em);
    case "where":
      return where(sight, intent.target, em);
    case "yesno":
      return yesNo(sight, intent.target, em);
    case "text":
      return textLine(sight, em);
    case "total":
      return total(sight, em);
    case "describe":
      return summarise(sight, em);
    default:
      return `${cannot("")} ${summarise(sight, em)}`;
  }
}

/** The answer to each part of the question (a compound question is answered part by part) for one picture. */
function answerAll(intents: Intent[], sight: Sight, em: Em): string {
  return intents.map((intent) => answerFor(intent, sight, em)).join(" ");
}

/** The answer over every picture of the turn, each named when there are several. */
function answer(question: string, sights: Sight[], em: Em, separator = " "): string {
  const intents = questionsIn(question).map(readQuestion);
  if (sights.length === 1) return answerAll(intents, sights[0] as Sight, em);
  return sights.map((sight, i) => `${em(`Image ${i + 1}`)}: ${answerAll(intents, sight, em)}`).join(separator);
}

const NO_IMAGE = [
  "No image here, so there is nothing for me to look at.",
  "There is no picture in this conversation.",
  "I need an image to answer.",
];

export function terseReply(question: string, sights: Sight[]): string {
  turn += 1;
  if (sights.length === 0) return pick(NO_IMAGE);
  return answer(question, sights, plain);
}

export function boldReply(question: string, sights: Sight[]): string {
  turn += 1;
  const [first] = sights;
  if (!first) return `**No image** here. Send me a **picture** and I will tell you **what is in it**.`;
  const context =
    sights.length === 1
      ? ` (The picture: **${first.width}×${first.height}** pixels, **${first.brightness}%** bright.)`
      : "";
  return `**${pick(["Short answer", "In brief", "At a glance"])}:** ${answer(question, sights, bold)}${context}`;
}

export function structuredReply(question: string, sights: Sight[]): string {
  turn += 1;
  if (sights.length === 0)
    return "## No image\n\nThere is no picture in this conversation, so I have nothing to describe.";
  const sections = sights.map((sight, i) => {
    const seen = isDrawing(sight) ? shapesSaid(sight.shapes) : thingsSaid(sight.things, sight.faces);
    return [
      sights.length > 1 ? `## Image ${i + 1}` : `## ${pick(["What I see", "The picture", "Overview"])}`,
      "",
      ...(seen.length ? seen.slice(0, 6).map((t) => `- ${t}`) : ["- no object I can name"]),
      "",
      `**Text:** ${sight.text.lines.length ? list(quoted(sight.text.lines.slice(0, 8))) : "none readable"}${sight.text.where ? ` (${sight.text.where})` : ""}`,
      "",
      `**Colours:** ${colourPhrase(sight)}`,
      "",
      `**Size:** ${sight.width}×${sight.height} ${sight.format}, ${sight.orientation}; ${sight.brightness}% brightness`,
    ].join("\n");
  });
  return [
    `${pick(["In short", "Answer", "Summary"])}: ${answer(question, sights, plain, "\n\n")}`,
    "",
    ...sections,
  ].join("\n");
}

const INTENT_WORDS: Record<Intent["kind"], string> = {
  count: "a count",
  colour: "a colour",
  where: "where something is",
  yesno: "a yes or no",
  text: "the text",
  total: "a total",
  describe: "the picture as a whole",
  unknown: "something a demo model cannot see",
};

/** The reasoning demo's thinking: how it went from the picture to its answer, in a few plain steps. */
export function demoThought(question: string, sights: Sight[]): string {
  const [first] = sights;
  const asked = question.trim().replace(/\s+/g, " ").slice(0, 160);
  if (!first) return `The visitor asks "${asked}" but sent no picture. I should say that I need one.`;
  const intent = readQuestion(question);
  const target = "target" in intent && intent.target ? ` about ${intent.target.words}` : "";
  const seen = isDrawing(first) ? shapesSaid(first.shapes) : thingsSaid(first.things, first.faces);
  return [
    `The visitor asks: "${asked}". They want ${INTENT_WORDS[intent.kind]}${target}.`,
    `${sights.length > 1 ? `There are ${sights.length} pictures; the first` : "The picture"} is ${first.width}×${first.height}, ${colourPhrase(first)}.`,
    seen.length ? `What I am fairly sure of: ${list(seen)}.` : "I do not recognise particular objects.",
    first.text.lines.length
      ? `There is text: ${list(quoted(first.text.lines.slice(0, 6)))}.`
      : "I find no text to read.",
    "I will answer the question first, then describe the rest in sections.",
  ].join(" ");
}
