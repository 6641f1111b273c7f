// Ratings with their 95% intervals (VisionArena Fig. 2) as SVG: one row per model, the point estimate as a dot, the
// interval as a bar. Readable without colour: position carries the information. Drawn at the width it is shown at
// (the leaderboard measures it), so the text stays 11–12 px on a phone instead of shrinking with the picture.

import { ScrollBox } from "../scroll-box";
import { ChartSvg } from "./chart-svg";
import { fitLabel, niceTicks, textWidth } from "./format";

interface Row {
  label: string;
  rating: number;
  lower: number;
  upper: number;
  /** the model's tier: consecutive rows of one tier share a band */
  tier?: number;
}

/** The runs of consecutive rows in one tier: [first row, last row, tier]. */
function tierBands(rows: Row[]): [number, number, number][] {
  const bands: [number, number, number][] = [];
  rows.forEach((row, i) => {
    if (row.tier === undefined) return;
    const last = bands.at(-1);
    if (last && last[2] === row.tier && last[1] === i - 1) last[1] = i;
    else bands.push([i, i, row.tier]);
  });
  return bands;
}

export function RatingIntervals({
  rows,
  title,
  digits = 0,
  width = 760,
  tierLabel,
}: {
  rows: Row[];
  title: string;
  /** decimals of the printed estimate (ratings: 0; win rates in percent: 1) */
  digits?: number;
  /** the width it is drawn at, in CSS pixels */
  width?: number;
  /** the words of a tier's band ("Tier 2"); no bands without it */
  tierLabel?: (tier: number) => string;
}) {
  if (rows.length === 0) return null;
  const rowHeight = 22;
  // the names right-aligned before the plot; textWidth estimates, and a long name once ran 2 px past the edge
  const left = Math.min(
    Math.round(width * 0.4),
    Math.ceil(Math.max(...rows.map((r) => textWidth(r.label))) * 1.05) + 16,
  );
  const bands = tierLabel ? tierBands(rows) : [];
  // the tiers' names in a column of their own at the right, clear of the bars and their figures
  const tierColumn = bands.length ? Math.max(...bands.map(([, , tier]) => textWidth(tierLabel?.(tier) ?? ""))) + 8 : 0;
  const right = Math.max(...rows.map((r) => textWidth(r.rating.toFixed(digits)))) + 12 + tierColumn;
  const top = 24;
  const height = top + rows.length * rowHeight + 24;
  const min = Math.min(...rows.map((r) => r.lower));
  const max = Math.max(...rows.map((r) => r.upper));
  const span = Math.max(1, max - min);
  const pad = span * 0.05;
  const lo = min - pad;
  const hi = max + pad;
  const x = (v: number) => left + ((v - lo) / (hi - lo)) * (width - left - right);
  const ticks = niceTicks(lo, hi, width < 500 ? 4 : 8).filter((t) => t >= lo && t <= hi);
  return (
    <ChartSvg title={title} width={width} height={height} className="h-auto max-w-full" testId="chart-ratings">
      {/* every other tier shaded across the plot, its name beside it: where one class of models ends and the next begins */}
      {bands.map(([first, last, tier], k) => (
        <g key={`tier-${tier}-${first}`} data-testid="tier-band">
          <rect
            x={left}
            y={top + first * rowHeight}
            width={width - left}
            height={(last - first + 1) * rowHeight}
            fill="currentColor"
            fillOpacity={k % 2 === 0 ? 0.07 : 0.02}
          />
          <text
            x={width - 4}
            y={top + ((first + last + 1) / 2) * rowHeight + 4}
            textAnchor="end"
            fontSize={11}
            fill="currentColor"
            fillOpacity={0.8}
          >
            {tierLabel?.(tier)}
          </text>
        </g>
      ))}
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={top - 6} y2={height - 20} stroke="currentColor" strokeOpacity={0.12} />
          <text x={x(t)} y={height - 6} textAnchor="middle" fontSize={11} fill="currentColor" fillOpacity={0.7}>
            {t}
          </text>
        </g>
      ))}
      {rows.map((r, i) => {
        const y = top + i * rowHeight + rowHeight / 2;
        const label = fitLabel(r.label, left - 12);
        return (
          <g key={r.label}>
            <text x={left - 8} y={y + 4} textAnchor="end" fontSize={12} fill="currentColor">
              {label !== r.label && <title>{r.label}</title>}
              {label}
            </text>
            <line
              x1={x(r.lower)}
              x2={x(r.upper)}
              y1={y}
              y2={y}
              stroke="#4f6bed"
              strokeWidth={4}
              strokeLinecap="round"
            />
            <circle cx={x(r.rating)} cy={y} r={5} fill="#1e2a78" />
            <text x={x(r.upper) + 6} y={y + 4} fontSize={11} fill="currentColor" fillOpacity={0.8}>
              {r.rating.toFixed(digits)}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}

/** The chart in a card with its caption, as the bench and benchmark pages show it. */
export function RatingIntervalsFigure(props: Parameters<typeof RatingIntervals>[0]) {
  if (props.rows.length === 0) return null;
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-1 text-sm font-medium">{props.title}</figcaption>
      <ScrollBox label={props.title}>
        <RatingIntervals {...props} />
      </ScrollBox>
    </figure>
  );
}
