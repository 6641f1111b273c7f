// A matrix as a heatmap with the value written in every cell, so it reads without colour too; a legend says what
// the colours mean. Square (model × model, diagonal blank) or rectangular (models × categories). Margins are sized
// from the labels; a label longer than its room is shortened with the full text as a tooltip, never clipped.
import type { HeatmapChart } from "@/lib/leaderboard";
import { ChartSvg } from "./chart-svg";
import { colour, fitLabel, formatValue, position, textWidth } from "./format";

const MAX_LEFT = 200;
const MAX_LABEL_PX = 150;
const SIN45 = Math.SQRT1_2;

export function Heatmap({ chart }: { chart: HeatmapChart }) {
  const { labels, values, marks, format, palette, domain, legend, title } = chart;
  const square = chart.columns === undefined;
  const cols = chart.columns ?? labels;
  if (labels.length === 0 || cols.length === 0) return null;
  const cell = Math.max(30, Math.min(44, Math.floor(560 / Math.max(labels.length, cols.length))));
  const left = Math.min(MAX_LEFT, Math.max(...labels.map(textWidth)) + 14);
  const colLabel = (label: string) => fitLabel(label, MAX_LABEL_PX);
  // a column label rotated by 45° rises and runs right by its length × sin 45°
  const longest = Math.max(...cols.map((c) => textWidth(colLabel(c))));
  const top = Math.ceil(longest * SIN45) + 14;
  const gridRight = left + cols.length * cell;
  const legendTop = top + labels.length * cell + 14;
  // the legend's labels sit under its ends and middle: wide enough that they never meet
  const legendWidth = Math.max(
    240,
    Math.ceil(legend.reduce((sum, text) => sum + textWidth(text), 0)) + 24 * legend.length,
  );
  const width = Math.max(gridRight + Math.ceil(longest * SIN45) + 8, left + legendWidth + 8);
  const height = legendTop + 40;
  const gradient = `legend-${chart.id}`;
  return (
    <ChartSvg title={title} width={width} height={height} chartId={chart.id}>
      <g fontSize={11} fill="currentColor">
        {cols.map((label, j) => {
          const x = left + j * cell + cell / 2;
          return (
            <text key={`c-${label}`} x={x} y={top - 6} transform={`rotate(-45 ${x} ${top - 6})`}>
              {colLabel(label) !== label && <title>{label}</title>}
              {colLabel(label)}
            </text>
          );
        })}
      </g>
      {/* cells, then their values: shared attributes sit on the groups, which keeps a big grid small */}
      <g stroke="currentColor" strokeOpacity={0.08}>
        {labels.map((label, i) =>
          cols.map((other, j) => {
            const v = values[i]?.[j];
            const blank = v === null || v === undefined || (square && i === j);
            return (
              <rect
                key={`${label}-${other}`}
                x={left + j * cell}
                y={top + i * cell}
                width={cell - 1}
                height={cell - 1}
                fill={blank ? "transparent" : colour(palette, position(domain, v))}
              />
            );
          }),
        )}
      </g>
      <g fontSize={10} textAnchor="middle" fill="#111">
        {labels.map((label, i) =>
          cols.map((other, j) => {
            const v = values[i]?.[j];
            if (v === null || v === undefined || (square && i === j)) return null;
            return (
              <text key={`${label}-${other}`} x={left + j * cell + cell / 2} y={top + i * cell + cell / 2 + 4}>
                {`${formatValue(format, v)}${marks?.[i]?.[j] ? "*" : ""}`}
              </text>
            );
          }),
        )}
      </g>
      <g fontSize={11} fill="currentColor" textAnchor="end">
        {labels.map((label, i) => {
          const shown = fitLabel(label, left - 10);
          return (
            <text key={`r-${label}`} x={left - 6} y={top + i * cell + cell / 2 + 4}>
              {shown !== label && <title>{label}</title>}
              {shown}
            </text>
          );
        })}
      </g>
      <defs>
        <linearGradient id={gradient}>
          {[0, 0.25, 0.5, 0.75, 1].map((t) => (
            <stop key={t} offset={t} stopColor={colour(palette, t)} />
          ))}
        </linearGradient>
      </defs>
      <g data-testid="legend">
        <rect
          x={left}
          y={legendTop}
          width={legendWidth}
          height={10}
          fill={`url(#${gradient})`}
          stroke="currentColor"
          strokeOpacity={0.2}
        />
        <g fontSize={10} fill="currentColor" fillOpacity={0.8}>
          {legend.map((text, k) => {
            const at = legend.length === 1 ? 0 : k / (legend.length - 1);
            const anchor = at === 0 ? "start" : at === 1 ? "end" : "middle";
            return (
              <text key={text} x={left + legendWidth * at} y={legendTop + 24} textAnchor={anchor}>
                {text}
              </text>
            );
          })}
        </g>
      </g>
    </ChartSvg>
  );
}
