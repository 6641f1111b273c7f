// What a visitor asks a demo model, read well enough to answer what the demo can see and to say plainly when it
// cannot: the kind of question (how many, what colour, where, is there, what does it say, what is the total,
// describe) and what it is about — a drawn shape, one of the 80 kinds of things the object detector knows, the
// text, the picture itself, or something the demo has no way to see ("coins", "the retina").

/** "colours": the picture's colours themselves ("how many different colours are there?") */
export type TargetKind = "shape" | "object" | "person" | "text" | "picture" | "colours" | "unknown";

export interface Target {
  kind: TargetKind;
  /** the shape kind or detector label ("triangle", "dog", "cell phone"); "shape" for shapes in general */
  label: string;
  /** the words the visitor used, for answering in them */
  words: string;
  /** a colour named with it ("the red circles") */
  colour?: string;
}

export type Intent =
  | { kind: "total" }
  | { kind: "text" }
  | { kind: "count"; target: Target | null }
  | { kind: "colour"; target: Target | null }
  | { kind: "where"; target: Target | null }
  | { kind: "yesno"; target: Target | null }
  | { kind: "describe" }
  | { kind: "unknown" };

/** CenterNet's 80 COCO labels (lib/demo-vision/objects.ts), and the everyday words for them. */
const OBJECT_WORDS: Record<string, string> = Object.fromEntries(
  [
    "bicycle|bike|bikes|bicycles",
    "car|cars",
    "motorcycle|motorcycles|motorbike|motorbikes",
    "airplane|airplanes|aeroplane|aeroplanes|plane|planes",
    "bus|buses",
    "train|trains",
    "truck|trucks|lorry|lorries",
    "boat|boats|ship|ships",
    "traffic light|traffic lights",
    "fire hydrant|fire hydrants|hydrant|hydrants",
    "stop sign|stop signs",
    "parking meter|parking meters",
    "bench|benches",
    "bird|birds",
    "cat|cats|kitten|kittens",
    "dog|dogs|puppy|puppies",
    "horse|horses",
    "sheep",
    "cow|cows",
    "elephant|elephants",
    "bear|bears",
    "zebra|zebras",
    "giraffe|giraffes",
    "backpack|backpacks",
    "umbrella|umbrellas",
    "handbag|handbags|bag|bags",
    "tie|ties",
    "suitcase|suitcases",
    "frisbee|frisbees",
    "skis",
    "snowboard|snowboards",
    "sports ball|ball|balls",
    "kite|kites",
    "baseball bat|baseball bats",
    "baseball glove|baseball gloves",
    "skateboard|skateboards",
    "surfboard|surfboards",
    "tennis racket|tennis rackets|racket|rackets",
    "bottle|bottles",
    "wine glass|wine glasses|glass|glasses",
    "cup|cups|mug|mugs",
    "fork|forks",
    "knife|knives",
    "spoon|spoons",
    "bowl|bowls",
    "banana|bananas",
    "apple|apples",
    "sandwich|sandwiches",
    "orange|oranges",
    "broccoli",
    "carrot|carrots",
    "hot dog|hot dogs",
    "pizza|pizzas",
    "donut|donuts|doughnut|doughnuts",
    "cake|cakes",
    "chair|chairs",
    "couch|couches|sofa|sofas",
    "potted plant|potted plants|plant|plants",
    "bed|beds",
    "dining table|dining tables|table|tables",
    "toilet|toilets",
    "tv|tvs|television|televisions",
    "laptop|laptops",
    "mouse|mice",
    "remote|remotes",
    "keyboard|keyboards",
    "cell phone|cell phones|phone|phones|smartphone|smartphones",
    "microwave|microwaves",
    "oven|ovens",
    "toaster|toasters",
    "sink|sinks",
    "refrigerator|refrigerators|fridge|fridges",
    "book|books",
    "clock|clocks",
    "vase|vases",
    "scissors",
    "teddy bear|teddy bears",
    "hair drier|hair dryer|hair driers|hair dryers",
    "toothbrush|toothbrushes",
  ].flatMap((entry) => {
    const [label, ...others] = entry.split("|") as [string, ...string[]];
    return [label, ...others].map((word) => [word, label]);
  }),
);

const PERSON_WORDS =
  /^(person|persons|people|man|men|woman|women|child|children|kid|kids|boy|boys|girl|girls|face|faces)$/;
const SHAPE_WORDS: Record<string, string> = {
  triangle: "triangle",
  triangles: "triangle",
  square: "square",
  squares: "square",
  rectangle: "rectangle",
  rectangles: "rectangle",
  circle: "circle",
  circles: "circle",
  oval: "oval",
  ovals: "oval",
  ellipse: "oval",
  ellipses: "oval",
  diamond: "diamond",
  diamonds: "diamond",
  shape: "shape",
  shapes: "shape",
};
const PICTURE_WORDS = /^(picture|image|photo|photograph|background|it|this|scene|drawing|everything)$/;
const TEXT_WORDS = /^(text|words?|letters?|writing|sign|label|title|receipt)$/;
export const COLOUR_WORDS = [
  "red",
  "orange",
  "yellow",
  "green",
  "teal",
  "blue",
  "navy",
  "purple",
  "pink",
  "magenta",
  "brown",
  "black",
  "white",
  "grey",
  "gray",
  "maroon",
  "olive",
];

/** Words that never name what a question is about. */
const FILLER =
  /^(the|a|an|any|some|of|in|on|at|this|that|these|those|there|here|is|are|was|were|do|does|did|you|i|can|could|see|picture|image|photo|my|your|its|their|many|much|what|which|how|where|colou?r|colou?rs|shown|visible|drawn|total|number|count|different|distinct|separate|unique|individual|main|other|kinds?|types?|sorts?)$/;

function tokens(question: string): string[] {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9\s'-]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

/** The thing the question names, from `words` (the part of the question after its question words). */
export function targetIn(words: string[]): Target | null {
  const colour = words.find((w) => COLOUR_WORDS.includes(w));
  const named = colour === "gray" ? "grey" : colour;
  for (let i = 0; i < words.length; i++) {
    const one = words[i] as string;
    const two = `${one} ${words[i + 1] ?? ""}`;
    if (OBJECT_WORDS[two]) return { kind: "object", label: OBJECT_WORDS[two] as string, words: two, colour: named };
    if (SHAPE_WORDS[one]) return { kind: "shape", label: SHAPE_WORDS[one] as string, words: one, colour: named };
    if (PERSON_WORDS.test(one)) return { kind: "person", label: "person", words: one, colour: named };
    if (OBJECT_WORDS[one]) return { kind: "object", label: OBJECT_WORDS[one] as string, words: one, colour: named };
    if (TEXT_WORDS.test(one)) return { kind: "text", label: "text", words: one };
  }
  if (words.some((w) => PICTURE_WORDS.test(w)) && !words.some((w) => !FILLER.test(w) && !PICTURE_WORDS.test(w)))
    return { kind: "picture", label: "picture", words: "the picture" };
  // the first word that is not a question word, a colour or filler: something this demo has no name for
  const noun = words.find((w) => !FILLER.test(w) && !COLOUR_WORDS.includes(w) && !PICTURE_WORDS.test(w));
  if (noun) return { kind: "unknown", label: noun, words: noun };
  return words.some((w) => PICTURE_WORDS.test(w)) ? { kind: "picture", label: "picture", words: "the picture" } : null;
}

/** The words after the first match of `pattern`, up to a verb that ends the noun phrase. */
function after(words: string[], pattern: RegExp): string[] {
  const at = words.findIndex((w) => pattern.test(w));
  return at === -1 ? words : words.slice(at + 1);
}

export function readQuestion(question: string): Intent {
  const q = question.toLowerCase();
  const words = tokens(question);
  if (/\b(total|sum|add(ed)? up|altogether|how much (is|was|does|do|did|for|in)|amount due|to pay)\b/.test(q))
    return { kind: "total" };
  if (/\bhow many\b|\bcount\b|\bnumber of\b/.test(q)) {
    const rest = /\bhow many\b/.test(q) ? after(words, /^many$/) : after(words, /^(count|of)$/);
    const target = targetIn(rest);
    // "how many (different) colours": the colours themselves, unless a thing is named ("how many red cars")
    if (rest.some((w) => /^colou?rs$/.test(w)) && (!target || target.kind === "picture"))
      return { kind: "count", target: { kind: "colours", label: "colour", words: "colours" } };
    return { kind: "count", target };
  }
  if (/\bcolou?rs?\b/.test(q)) {
    const rest = words.filter((w) => !/^colou?rs?$/.test(w));
    return { kind: "colour", target: targetIn(rest) };
  }
  if (/^\s*where\b|\bwhere (is|are)\b/.test(q)) return { kind: "where", target: targetIn(after(words, /^where$/)) };
  if (/\b(read|say|says|said|written|write|spell|ocr|text|words?)\b/.test(q)) return { kind: "text" };
  if (/^\s*(is|are|does|do|can|could|was|were|has|have)\b/.test(q)) {
    const target = targetIn(words.slice(1));
    return { kind: "yesno", target };
  }
  if (
    /\b(describe|description|caption|what('s| is| are)? (in|on)|what do you see|what can you see|what is (this|it|that|shown)|what's (this|it|that)|what are these|tell me about|what does (this|it) show|what is happening|summari[sz]e)\b/.test(
      q,
    ) ||
    q.trim().length === 0
  )
    return { kind: "describe" };
  return { kind: "unknown" };
}

/** A question's separate questions ("What colour is the car and how many people are there?" is two), at most
 *  three, each read on its own: the demo answered only the first part of a compound question. */
export function questionsIn(question: string): string[] {
  const parts = question
    .split(
      /\?+|[.;]\s+|,?\s+(?:and|also|then)\s+(?=(?:how|what|what's|where|which|who|is|are|does|do|can|could|count|describe|read|tell)\b)/i,
    )
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  return parts.length > 1 ? parts.slice(0, 3) : [question];
}
