import { describe, expect, it } from "vitest";
import { translator } from "../i18n/catalogues";
import { localCategoryLabel } from "./names";

describe("a category's name in the reader's language", () => {
  it("names a language category's language in that language (the chip said English on every page)", () => {
    expect(localCategoryLabel("language:English", translator("fr"))).toBe("Anglais");
    expect(localCategoryLabel("language:Chinese", translator("es"))).toBe("Chino");
    expect(localCategoryLabel("language:German", translator("zh-CN"))).toBe("德语");
    expect(localCategoryLabel("language:English", translator("en"))).toBe("English");
    // a name Intl does not know stays as stored
    expect(localCategoryLabel("language:Klingonese", translator("fr"))).toBe("Klingonese");
  });

  it("takes the catalogue's name for the arena's own categories", () => {
    expect(localCategoryLabel("overall", translator("fr"))).toBe("Global");
  });
});
