// The frame every chart draws in: an SVG picture of a fixed size, named for screen readers (its data table is
// the full text alternative).
import type { ReactNode } from "react";

export function ChartSvg({
  title,
  width,
  height,
  chartId,
  className,
  testId,
  children,
}: {
  title: string;
  width: number;
  height: number;
  chartId?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      role="img"
      aria-label={title}
      data-chart={chartId}
      data-testid={testId}
    >
      <title>{title}</title>
      {children}
    </svg>
  );
}

/** A faint horizontal grid line across the plot at `y`, labelled at its left end (a value axis tick). */
export function YGridLine({ y, left, right, label }: { y: number; left: number; right: number; label: ReactNode }) {
  return (
    <g>
      <line x1={left} x2={right} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.1} />
      <text x={left - 6} y={y + 4} textAnchor="end" fontSize={11} fill="currentColor">
        {label}
      </text>
    </g>
  );
}
