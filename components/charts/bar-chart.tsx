// Horizontal bars with the value written beside each, as SVG (bar length carries the value, so it reads without
// colour). Label and value room come from the longest label and value: nothing is cut at either edge.
import type { BarsChart } from "@/lib/leaderboard";
import { ChartSvg } from "./chart-svg";
import { fitLabel, formatValue, textWidth } from "./format";

export function BarChart({ chart, width = 560 }: { chart: BarsChart; width?: number }) {
  const { rows, format, total, title } = chart;
  if (rows.length === 0) return null;
  const rowHeight = 22;
  const left = Math.min(Math.round(width * 0.4), Math.max(...rows.map((r) => textWidth(r.label))) + 12);
  const valueRoom = Math.max(...rows.map((r) => textWidth(formatValue(format, r.value, total)))) + 10;
  const top = 6;
  const height = top + rows.length * rowHeight + 6;
  const max = Math.max(...rows.map((r) => r.value), Number.MIN_VALUE);
  const x = (v: number) => (Math.max(20, width - left - valueRoom) * v) / max;
  return (
    <ChartSvg title={title} width={width} height={height} chartId={chart.id}>
      {rows.map((row, i) => {
        const label = fitLabel(row.label, left - 10);
        return (
          <g key={row.label}>
            <text
              x={left - 6}
              y={top + i * rowHeight + 15}
              textAnchor="end"
              fontSize={11}
              fontWeight={row.strong ? 700 : undefined}
              fill="currentColor"
            >
              {label !== row.label && <title>{row.label}</title>}
              {label}
            </text>
            <rect
              x={left}
              y={top + i * rowHeight + 4}
              width={Math.max(1, x(row.value))}
              height={rowHeight - 8}
              className="fill-brand-600"
              rx={2}
            />
            <text x={left + x(row.value) + 6} y={top + i * rowHeight + 15} fontSize={11} fill="currentColor">
              {formatValue(format, row.value, total)}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
