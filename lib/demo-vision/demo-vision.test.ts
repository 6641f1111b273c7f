import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoAnswer } from "../../tests/support/demo-stream";
import { colourShares, lookAt, nameOf, stopReadingText, whereIs } from ".";

const fixture = (name: string) => fs.readFileSync(path.join("tests/fixtures/images", name));

afterAll(stopReadingText);

const demo = (style: string, image: Buffer, question: string) =>
  demoAnswer(style, [{ role: "user", text: question, images: [{ data: image, mime: "image/png" }] }]);

describe("what the demo models see", () => {
  it("names colours as a person would", () => {
    expect(nameOf(180, 0.71, 0.35)).toBe("teal"); // #1a9a9a
    expect(nameOf(0, 0.67, 0.47)).toBe("red"); // #c62828
    expect(nameOf(0, 0, 0.5)).toBe("grey");
    expect(nameOf(0, 0, 0.97)).toBe("white");
    expect(nameOf(30, 0.6, 0.3)).toBe("brown");
    expect(nameOf(220, 0.7, 0.5)).toBe("blue");
    expect(whereIs([0.7, 0.7, 0.2, 0.1])).toBe("at the bottom right");
    expect(whereIs([0.4, 0.4, 0.2, 0.2])).toBe("in the centre");
  });

  it("loads every model from its npm package, with no network", async () => {
    const real = globalThis.fetch;
    const remote: string[] = [];
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (/^https?:/.test(href)) remote.push(href);
      return real(input, init);
    }) as typeof fetch;
    try {
      const sight = await lookAt(fixture("person-and-cup.jpg"));
      expect(sight.things.map((t) => t.label)).toEqual(expect.arrayContaining(["person", "cup"]));
      expect(remote).toEqual([]);
    } finally {
      globalThis.fetch = real;
    }
  });

  it("reads the sign and names the teal and the red (the old demo said 'a grey landscape picture')", async () => {
    expect((await colourShares(fixture("sign.png"))).map((c) => c.name).slice(0, 2)).toEqual(["teal", "red"]);
    const { text } = await demo("terse", fixture("sign.png"), "What does the sign say?");
    expect(text).toContain('"OPEN 9-5"');
    expect(text).toMatch(/bottom right/);
    const bold = await demo("bold", fixture("sign.png"), "What colour is the wall?");
    expect(bold.text).toMatch(/mostly teal, with red/);
  });

  it("names the person and the cup in a photograph, in every style", async () => {
    for (const style of ["terse", "structured", "bold"]) {
      const { text } = await demo(style, fixture("person-and-cup.jpg"), "What is in this photo?");
      expect(text, style).toMatch(/\b(a person|\d+ people)\b/);
      expect(text, style).toMatch(/\bcup\b/);
    }
  });

  it("words a regenerated answer differently", async () => {
    const first = await demo("terse", fixture("sign.png"), "Describe this");
    const second = await demo("terse", fixture("sign.png"), "Describe this");
    expect(second.text).not.toBe(first.text);
    expect(second.text).toContain("OPEN 9-5");
  });

  it("has a reasoning demo that thinks (empty deltas) before it answers, its thought kept apart", async () => {
    const { deltas, end, text } = await demo("structured", fixture("sign.png"), "What does it say?");
    expect(deltas[0]).toBe("");
    expect(end.reasoning?.text).toContain("OPEN 9-5");
    expect(end.reasoning?.tokens).toBeGreaterThan(10);
    expect(text).not.toContain("The visitor asks");
    expect(text).toMatch(/^(In short|Answer|Summary): /);
  });
});
