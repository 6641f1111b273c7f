// The demo models answer the question asked (issue 40): counts, colours of shapes, where things are, yes or no,
// the text and its total, on pictures this test draws, and say plainly what they cannot judge.
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { demoAnswer } from "../../tests/support/demo-stream";
import { stopReadingText } from "../demo-vision";
import { questionsIn, readQuestion } from "./demo-question";
import type { ChatTurn } from "./types";

afterAll(stopReadingText);

const STYLES = ["terse", "bold", "structured"] as const;

const draw = (body: string, width = 640, height = 480) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${body}</svg>`,
    ),
  )
    .png()
    .toBuffer();

const SHAPES = `
  <polygon points="60,160 120,60 180,160" fill="#d32f2f"/>
  <polygon points="260,160 320,60 380,160" fill="#d32f2f"/>
  <polygon points="460,160 520,60 580,160" fill="#d32f2f"/>
  <circle cx="150" cy="330" r="60" fill="#1e56c8"/>
  <circle cx="330" cy="330" r="50" fill="#1e56c8"/>
  <rect x="450" y="280" width="110" height="110" fill="#2e9d3a"/>`;

const receipt = (lines: string[]) =>
  draw(
    lines
      .map(
        (line, k) =>
          `<text x="60" y="${80 + k * 60}" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#111">${line}</text>`,
      )
      .join(""),
    520,
    120 + lines.length * 60,
  );

const ask = async (style: string, turns: ChatTurn[]) => (await demoAnswer(style, turns)).text;

const one = (image: Buffer, question: string): ChatTurn[] => [
  { role: "user", text: question, images: [{ data: image, mime: "image/png" }] },
];

/** The answer's first sentence-ish: what every style leads with (bold's emphasis taken out). */
const answered = async (style: string, image: Buffer, question: string) =>
  (await ask(style, one(image, question))).replaceAll("**", "");

describe("the demo models read the question", () => {
  it("tells counts, colours, places, yes or no, text and totals apart", () => {
    expect(readQuestion("How many red triangles are there?")).toEqual({
      kind: "count",
      target: { kind: "shape", label: "triangle", words: "triangles", colour: "red" },
    });
    expect(readQuestion("What colour is the square?")).toMatchObject({ kind: "colour", target: { label: "square" } });
    expect(readQuestion("Where is the dog?")).toMatchObject({
      kind: "where",
      target: { kind: "object", label: "dog" },
    });
    expect(readQuestion("Is there a cell phone?")).toMatchObject({ kind: "yesno", target: { label: "cell phone" } });
    expect(readQuestion("What does the sign say?")).toEqual({ kind: "text" });
    expect(readQuestion("What is the total?")).toEqual({ kind: "total" });
    expect(readQuestion("Describe this picture")).toEqual({ kind: "describe" });
    expect(readQuestion("How many coins are there?")).toMatchObject({
      kind: "count",
      target: { kind: "unknown", label: "coins" },
    });
    expect(readQuestion("Is this retina healthy?")).toMatchObject({
      kind: "yesno",
      target: { kind: "unknown", label: "retina" },
    });
    expect(readQuestion("Which breed is it?")).toEqual({ kind: "unknown" });
  });
});

describe('compound questions and colour counts (issue 69: half answers, "(counting differents)")', () => {
  it("splits a compound question into its questions, and reads 'how many different colours' as the colours", () => {
    expect(questionsIn("What colour is the car and how many people are there?")).toEqual([
      "What colour is the car",
      "how many people are there",
    ]);
    expect(questionsIn("Describe the picture. What does the sign say?")).toEqual([
      "Describe the picture",
      "What does the sign say",
    ]);
    expect(questionsIn("Is there a dog and a cat?")).toEqual(["Is there a dog and a cat?"]);
    expect(readQuestion("How many different colours are there?")).toMatchObject({
      kind: "count",
      target: { kind: "colours" },
    });
  });

  it("answers both parts of a compound question, and counts the colours", async () => {
    const image = await draw(SHAPES);
    for (const style of STYLES) {
      const text = await answered(style, image, "How many triangles are there and what colour is the square?");
      expect(text, style).toMatch(/3 (red )?triangles/);
      expect(text, style).toMatch(/square is green/);
      const colours = await answered(style, image, "How many different colours are there?");
      expect(colours, style).not.toMatch(/counting|differents/);
      expect(colours, style).toMatch(/\d main colours: .*red/);
    }
  });
});

describe("the demo models answer drawn questions", () => {
  it("counts shapes, by kind and colour, and sees no birds in triangles", async () => {
    const image = await draw(SHAPES);
    for (const style of STYLES) {
      expect(await answered(style, image, "How many triangles are there?"), style).toMatch(/\b3 triangles\b/);
      expect(await answered(style, image, "How many circles can you see?"), style).toMatch(/\b2 circles\b/);
      expect(await answered(style, image, "How many red triangles?"), style).toMatch(/\b3 red triangles\b/);
      expect(await answered(style, image, "How many shapes are in the picture?"), style).toMatch(
        /6 shapes: 3 red triangles, 2 blue circles and a green square/,
      );
      expect(await answered(style, image, "Count the squares"), style).toMatch(/\ba square\b/);
      const described = await answered(style, image, "What is in this picture?");
      expect(described, style).not.toMatch(/\b(bird|birds|kite|clock|face)\b/);
    }
  });

  it("names the colour of a named shape, says where it is, and answers yes or no about it", async () => {
    const image = await draw(SHAPES);
    for (const style of STYLES) {
      expect(await answered(style, image, "What colour is the square?"), style).toMatch(/The square is green\./);
      expect(await answered(style, image, "What color are the circles?"), style).toMatch(/2 circles are blue\./);
      expect(await answered(style, image, "Where is the square?"), style).toMatch(
        /The square is at the bottom right\./,
      );
      expect(await answered(style, image, "Is there a red triangle?"), style).toMatch(/Yes: .*3 red triangles/);
      expect(await answered(style, image, "Is there a yellow circle?"), style).toMatch(/No: the circles are blue\./);
      expect(await answered(style, image, "Are there any stars?"), style).toMatch(/cannot|beyond/);
    }
    const single = await draw(`<polygon points="320,60 520,400 120,400" fill="#1565c0"/>`);
    expect(await answered("terse", single, "What colour is the triangle?")).toMatch(/The triangle is blue\./);
    expect(await answered("terse", single, "What is this?")).toMatch(/a blue triangle/);
    expect(await answered("terse", single, "What is this?")).not.toMatch(/\bbirds?\b/);
    // one thing is never "there are": every wording, over a few regenerations
    for (let k = 0; k < 3; k++) {
      for (const question of ["What is this?", "How many triangles?", "Count the shapes"])
        expect(await answered("terse", single, question)).not.toMatch(/\bThere are (a|an|1) /);
    }
  });

  it("reads a receipt, finds its total, and adds up one that has none", async () => {
    const withTotal = await receipt(["CAFE LUNA", "Coffee 3.50", "Cake 2.75", "TOTAL 6.25"]);
    for (const style of STYLES) {
      expect(await answered(style, withTotal, "What is the total?"), style).toMatch(/The total is 6\.25/);
      expect(await answered(style, withTotal, "What does the receipt say?"), style).toMatch(/CAFE LUNA/);
    }
    const noTotal = await receipt(["Tea 2.00", "Scone 3.25", "Jam 1.10"]);
    expect(await answered("terse", noTotal, "How much is it altogether?")).toMatch(/add up to 6\.35/);
  });

  it("says plainly what it cannot judge, with what it can see", async () => {
    const image = await draw(SHAPES);
    for (const style of STYLES) {
      const answer = await answered(style, image, "Is this retina healthy?");
      expect(answer, style).toMatch(/(cannot|beyond what a demo model can see).*retina/);
      expect(answer, style).toMatch(/triangles/);
      expect(await answered(style, image, "How many coins are there?"), style).toMatch(
        /(cannot judge that|beyond what a demo model can see|cannot tell that) \(counting coins\)/,
      );
    }
  });

  it("looks at every image of the turn, and at a follow-up's new image", async () => {
    const squares = await draw(
      `<rect x="100" y="100" width="120" height="120" fill="#d32f2f"/><rect x="400" y="250" width="120" height="120" fill="#d32f2f"/>`,
    );
    const triangle = await draw(`<polygon points="320,60 520,400 120,400" fill="#2e9d3a"/>`);
    const turns: ChatTurn[] = [
      { role: "user", text: "How many squares?", images: [{ data: squares, mime: "image/png" }] },
      { role: "assistant", text: "I count 2 squares." },
      {
        role: "user",
        text: "And how many triangles are in this one?",
        images: [{ data: triangle, mime: "image/png" }],
      },
    ];
    for (const style of STYLES) {
      const followUp = (await ask(style, turns)).replaceAll("**", "");
      expect(followUp, style).toMatch(/\ba triangle\b/);
      expect(followUp, style).not.toMatch(/no triangles/);
    }
    const both = (
      await ask("terse", [
        {
          role: "user",
          text: "How many squares?",
          images: [
            { data: squares, mime: "image/png" },
            { data: triangle, mime: "image/png" },
          ],
        },
      ])
    ).replaceAll("**", "");
    expect(both).toMatch(/Image 1: .*2 squares.*Image 2: I \w+ no squares/);
  });
});
