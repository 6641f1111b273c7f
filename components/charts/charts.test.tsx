import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { HeatmapChart } from "@/lib/leaderboard";
import { colour, fitLabel, formatValue, niceTicks, textWidth } from "./format";
import { Heatmap } from "./heatmap";

describe("chart formats and scales", () => {
  it("never writes -0.000 and signs places with a real minus", () => {
    expect(formatValue("fixed3", -0.0001)).toBe("0.000");
    expect(formatValue("fixed3", -0.0123)).toBe("-0.012");
    expect(formatValue("signed", -2)).toBe("−2");
    expect(formatValue("signed", 3)).toBe("+3");
    expect(formatValue("countShare", 25, 25)).toBe("25 (100.0%)");
  });
  it("picks round ticks, never 547/1408/2270", () => {
    expect(niceTicks(540, 2270, 5)).toEqual([1000, 1500, 2000]);
    expect(niceTicks(1000, 1100, 6)).toEqual([1000, 1020, 1040, 1060, 1080, 1100]);
  });
  it("shortens a label to its room, with an ellipsis", () => {
    const long = "De-duplicate top redundant prompts";
    expect(fitLabel(long, 1000)).toBe(long);
    const short = fitLabel(long, 100);
    expect(short.endsWith("…")).toBe(true);
    expect(textWidth(short)).toBeLessThanOrEqual(100);
  });
  it("diverges: the two ends get different hues, the middle is near white", () => {
    expect(colour("diverging", 0)).toMatch(/^hsl\(5 /);
    expect(colour("diverging", 1)).toMatch(/^hsl\(215 /);
    expect(colour("diverging", 0.5)).toBe("hsl(215 70% 97%)");
  });
});

describe("Heatmap", () => {
  const chart: HeatmapChart = {
    kind: "heatmap",
    id: "t",
    title: "Style coefficients",
    labels: ["Overall", "A category whose name is far too long to fit in any left margin at all, really"],
    columns: ["length", "bold"],
    values: [
      [0.12, -0.0001],
      [null, -0.3],
    ],
    format: "fixed3",
    palette: "diverging",
    domain: [-0.3, 0.3],
    legend: ["−0.300: preferred less", "0", "+0.300: preferred more"],
  };
  it("keeps every row label inside the picture, the full text in a tooltip, and draws a legend", () => {
    const svg = renderToStaticMarkup(<Heatmap chart={chart} />);
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    // the row labels end at x (text-anchor end): their estimated width must fit between 0 and x
    const rows = /<g font-size="11" fill="currentColor" text-anchor="end">(.*?)<\/g>/.exec(svg)?.[1] ?? "";
    const labels = [...rows.matchAll(/<text x="(\d+)"[^>]*>(?:<title>[^<]*<\/title>)?([^<]+)<\/text>/g)];
    expect(labels.map((m) => m[2]?.slice(0, 12))).toEqual(["Overall", "A category w"]);
    for (const [, x, label] of labels) expect(textWidth(label as string)).toBeLessThanOrEqual(Number(x));
    const left = Number(labels[0]?.[1]);
    expect(svg).toContain("<title>A category whose name is far too long");
    expect(svg).not.toContain("-0.000");
    expect(svg).toContain("+0.300: preferred more");
    expect(width).toBeGreaterThan(left);
  });
});
