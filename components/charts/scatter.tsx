// Two scores of the same models against each other (bench score vs arena rating), drawn on the server as SVG with
// a least-squares line; every point is labelled, so it reads without colour or hovering.
import { YGridLine } from "./chart-svg";

interface Point {
  label: string;
  x: number;
  y: number;
}

function ticksFor(lo: number, hi: number): number[] {
  const span = Math.max(1e-9, hi - lo);
  const raw = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) out.push(Number(t.toFixed(6)));
  return out;
}

export function Scatter({
  points,
  title,
  xLabel,
  yLabel,
}: {
  points: Point[];
  title: string;
  xLabel: string;
  yLabel: string;
}) {
  if (points.length === 0) return null;
  const width = 560;
  const height = 360;
  const margin = { left: 56, right: 24, top: 16, bottom: 44 };
  const range = (values: number[]) => {
    const min = Math.min(...values);
    const max = Math.max(...values);
    const pad = Math.max((max - min) * 0.08, 1);
    return [min - pad, max + pad] as const;
  };
  const [x0, x1] = range(points.map((p) => p.x));
  const [y0, y1] = range(points.map((p) => p.y));
  const sx = (v: number) => margin.left + ((v - x0) / (x1 - x0)) * (width - margin.left - margin.right);
  const sy = (v: number) => height - margin.bottom - ((v - y0) / (y1 - y0)) * (height - margin.top - margin.bottom);
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const slope = sxx > 0 ? points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx : 0;
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="w-full"
        role="img"
        aria-label={title}
        data-testid="chart-scatter"
      >
        <title>{title}</title>
        {ticksFor(x0, x1).map((t) => (
          <g key={`x${t}`}>
            <line
              x1={sx(t)}
              x2={sx(t)}
              y1={margin.top}
              y2={height - margin.bottom}
              stroke="currentColor"
              strokeOpacity={0.1}
            />
            <text x={sx(t)} y={height - margin.bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
              {t}
            </text>
          </g>
        ))}
        {ticksFor(y0, y1).map((t) => (
          <YGridLine key={`y${t}`} y={sy(t)} left={margin.left} right={width - margin.right} label={t} />
        ))}
        {n >= 2 && sxx > 0 && (
          <line
            x1={sx(x0)}
            x2={sx(x1)}
            y1={sy(my + slope * (x0 - mx))}
            y2={sy(my + slope * (x1 - mx))}
            stroke="#4f6bed"
            strokeDasharray="4 4"
            strokeOpacity={0.7}
          />
        )}
        {points.map((p) => (
          <g key={p.label}>
            <circle cx={sx(p.x)} cy={sy(p.y)} r={5} fill="#1e2a78" />
            <text
              x={sx(p.x) + (sx(p.x) > width * 0.7 ? -8 : 8)}
              y={sy(p.y) - 6}
              textAnchor={sx(p.x) > width * 0.7 ? "end" : "start"}
              fontSize={11}
              fill="currentColor"
            >
              {p.label}
            </text>
          </g>
        ))}
        <text
          x={(margin.left + width - margin.right) / 2}
          y={height - 6}
          textAnchor="middle"
          fontSize={12}
          fill="currentColor"
        >
          {xLabel}
        </text>
        <text
          x={14}
          y={(margin.top + height - margin.bottom) / 2}
          textAnchor="middle"
          fontSize={12}
          fill="currentColor"
          transform={`rotate(-90 14 ${(margin.top + height - margin.bottom) / 2})`}
        >
          {yLabel}
        </text>
      </svg>
    </figure>
  );
}
