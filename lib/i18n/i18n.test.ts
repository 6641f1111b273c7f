import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenAttachments, tooManyPixelsMessage, tooManyPixelsRefusal } from "../images/client";
import { CATALOGUES, keysOf, LOCALES, localeFrom, placeholdersOf, translator } from ".";

const lookup = (catalogue: unknown, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue) as string;

describe("the message catalogues", () => {
  const english = keysOf(CATALOGUES.en).sort();

  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s has every English key, no other, none empty, the same placeholders",
    (locale) => {
      const catalogue = CATALOGUES[locale];
      const keys = keysOf(catalogue).sort();
      expect(
        english.filter((k) => !keys.includes(k)),
        "missing",
      ).toEqual([]);
      expect(
        keys.filter((k) => !english.includes(k)),
        "unknown",
      ).toEqual([]);
      for (const key of keys) {
        const text = lookup(catalogue, key);
        expect(typeof text === "string" && text.trim().length > 0, `${locale} ${key} is empty`).toBe(true);
        expect(placeholdersOf(text), `${locale} ${key}`).toEqual(placeholdersOf(lookup(CATALOGUES.en, key)));
      }
    },
  );

  it("fills placeholders and falls back to English, then to the key", () => {
    expect(translator("fr")("composer.removeFile", { name: "chat.png" })).toBe("Retirer chat.png");
    expect(translator("zh-CN")("vote.aBetter")).toBe("A 更好");
    expect(translator("es")("no.such.key")).toBe("no.such.key");
  });
});

describe("the visitor's language", () => {
  it("is their own choice, else the browser's as HTTP negotiates it, else English", () => {
    expect(localeFrom({ cookie: "fr", acceptLanguage: "es" })).toBe("fr");
    expect(localeFrom({ cookie: "xx", acceptLanguage: "es-MX,es;q=0.9,en;q=0.8" })).toBe("es");
    expect(localeFrom({ acceptLanguage: "de-DE,de;q=0.9,fr;q=0.5" })).toBe("fr");
    expect(localeFrom({ acceptLanguage: "zh-Hans-CN,zh;q=0.9" })).toBe("zh-CN");
    expect(localeFrom({ acceptLanguage: "zh-TW" })).toBe("en");
    expect(localeFrom({ acceptLanguage: "fr;q=0, en" })).toBe("en");
    expect(localeFrom({ acceptLanguage: "" })).toBe("en");
    expect(localeFrom({})).toBe("en");
  });

  it("is English for a header or cookie naming one of Object's own members (once a 500 on every page)", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "constructor-x, __proto__;q=0.9"]) {
      expect(localeFrom({ acceptLanguage: name })).toBe("en");
      expect(localeFrom({ cookie: name })).toBe("en");
    }
  });
});

describe("what a visitor can be refused", () => {
  // Every refusal code the visitor-facing code can send (the arena, images, the HTTP edge and the routes a visitor
  // calls), read from the source so a new refusal without its words in the catalogue fails here.
  const ROOTS = ["lib/arena", "lib/images", "lib/image-safety", "lib/http", "lib/visitors"].concat(
    ["conversations", "gallery", "visitor", "images", "presets"].map((r) => `app/api/${r}`),
  );
  const THROWN = [
    /new (?:InvalidInput|Unauthenticated|Forbidden|NotFound|Conflict|TooLarge|Unprocessable|RateLimited)\(\s*"([a-z_]+)"/g,
    // the arena's own failures (kind "internal") are the operator's, never worded for a visitor
    /domainError\("(?!internal")[a-z_]+", "([a-z_]+)"\)/g,
    /super\("(?!internal")[a-z_]+", "([a-z_]+)", /g,
    /new ImageRejected\([\s\S]*?, "([a-z_]+)", "[a-z_]+"\)/g,
    /\bcode: "([a-z_]+)"/g,
  ];
  const sources = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const at = path.join(dir, entry.name);
          if (entry.isDirectory()) return sources(at);
          return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [at] : [];
        })
      : [];
  const codes = new Set(
    ROOTS.flatMap(sources).flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return THROWN.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] as string));
    }),
  );

  it("finds the refusals it reads (the scan itself works)", () => {
    for (const code of ["already_voted", "visitor_banned", "image_too_large", "bad_url", "no_models"])
      expect(codes, code).toContain(code);
  });

  it.each(LOCALES)("%s words every one of them", (locale) => {
    const errors = (CATALOGUES[locale] as { errors: Record<string, unknown> }).errors;
    expect([...codes].filter((code) => typeof errors[code] !== "string").sort()).toEqual([]);
  });

  it("the browser's attachment refusals read in English as the server's", () => {
    const t = translator("en");
    const refusal = screenAttachments([{ name: "notes.png", size: 10, head: new Uint8Array(12) }], 0, {
      maxBytes: 1000,
      maxImagesPerTurn: 2,
      maxPixels: 1e6,
    }).rejected[0];
    expect(refusal && t(`attach.${refusal.refusal.code}`, refusal.refusal.values)).toBe(refusal?.reason);
    const big = tooManyPixelsRefusal("huge.png", 80e6, 50e6);
    expect(t(`attach.${big.code}`, big.values)).toBe(tooManyPixelsMessage("huge.png", 80e6, 50e6));
  });
});

describe("markup in messages", () => {
  const tagsOf = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();
  it.each(LOCALES.filter((l) => l !== "en"))("%s keeps every English tag (links, emphasis)", (locale) => {
    for (const key of keysOf(CATALOGUES.en)) {
      const english = lookup(CATALOGUES.en, key);
      if (typeof english === "string") expect(tagsOf(lookup(CATALOGUES[locale], key)), key).toEqual(tagsOf(english));
    }
  });
});
