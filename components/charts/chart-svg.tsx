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
