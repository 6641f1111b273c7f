// Shared by the SVG charts: how numbers are written, how long labels are shortened, and the colour scales.
import type { ChartFormat } from "@/lib/leaderboard";

/** Average glyph width of the 11 px system sans-serif, a little generous so estimates never clip. */
export const CHAR_PX = 6.6;

export function formatValue(format: ChartFormat, v: number, total = 1): string {
  // never "-0.000": a value that rounds to zero is written as zero
  const fixed = (digits: number) => {
    const text = v.toFixed(digits);
    return Number(text) === 0 ? (0).toFixed(digits) : text;
  };
  switch (format) {
    case "integer":
      return String(Math.round(v));
    case "fixed2":
      return fixed(2);
    case "fixed3":
      return fixed(3);
    case "signed":
      return v > 0 ? `+${Math.round(v)}` : v < 0 ? `−${Math.abs(Math.round(v))}` : "0";
    case "percent1":
      return `${(100 * v).toFixed(1)}%`;
    case "countShare":
      return `${Math.round(v)} (${((100 * v) / Math.max(1, total)).toFixed(1)}%)`;
  }
}

/** A label cut to fit `px` pixels, with an ellipsis; the full text goes in a <title> tooltip. */
export function fitLabel(label: string, px: number): string {
  const chars = Math.max(3, Math.floor(px / CHAR_PX));
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

export const textWidth = (label: string) => label.length * CHAR_PX;

/**
 * t in [0, 1] to a colour. Sequential: light to dark blue. Diverging: red below the middle, white at it, blue
 * above (ColorBrewer RdBu's ends), so the sign of a value reads at a glance. Lightness stays ≥ 60% so the dark
 * value written in a cell keeps its contrast.
 */
export function colour(palette: "sequential" | "diverging", t: number): string {
  const clamped = Math.max(0, Math.min(1, t));
  if (palette === "sequential") return `hsl(215 70% ${Math.round(96 - 36 * clamped)}%)`;
  const distance = Math.abs(clamped - 0.5) * 2;
  const hue = clamped < 0.5 ? 5 : 215;
  return `hsl(${hue} 70% ${Math.round(97 - 37 * distance)}%)`;
}

/** Where a value sits on a chart's domain, 0 to 1 (a reversed domain reverses the scale). */
export const position = (domain: [number, number], v: number) =>
  domain[1] === domain[0] ? 0.5 : (v - domain[0]) / (domain[1] - domain[0]);

/** Round tick values (1, 2, 2.5 or 5 × 10^k apart), at most `most` of them, covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, most = 6): number[] {
  if (!(hi > lo)) return [Math.round(lo)];
  const raw = (hi - lo) / Math.max(1, most - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push(Number(t.toFixed(10)));
  return ticks;
}
