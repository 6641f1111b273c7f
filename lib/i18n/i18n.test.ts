import { describe, expect, it } from "vitest";
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
});
