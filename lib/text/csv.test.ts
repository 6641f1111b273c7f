import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";

describe("a CSV cell", () => {
  it("defuses text a spreadsheet would run as a formula, and leaves numbers alone", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell("Model, v2")).toBe('"Model, v2"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
  });
});
