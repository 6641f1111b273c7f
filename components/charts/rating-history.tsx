// A model's Arena Score over the snapshots: a line for the score, a band for the 95% interval, SVG on the server.

export function RatingHistory({
  points,
  title,
}: {
  points: { at: Date; rating: number; ciLower: number; ciUpper: number }[];
  title: string;
}) {
  if (points.length === 0) return null;
  const width = 720;
  const height = 240;
  const pad = { left: 48, right: 16, top: 12, bottom: 28 };
  const times = points.map((p) => p.at.getTime());
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const lo = Math.min(...points.map((p) => p.ciLower));
  const hi = Math.max(...points.map((p) => p.ciUpper));
  const span = Math.max(10, hi - lo);
  const x = (t: number) => pad.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + (1 - (v - (lo - span * 0.05)) / (span * 1.1)) * (height - pad.top - pad.bottom);
  const line = points.map((p) => `${x(p.at.getTime())},${y(p.rating)}`).join(" ");
  const band = [
    ...points.map((p) => `${x(p.at.getTime())},${y(p.ciUpper)}`),
    ...[...points].reverse().map((p) => `${x(p.at.getTime())},${y(p.ciLower)}`),
  ].join(" ");
  const ticks = [lo, (lo + hi) / 2, hi].map((v) => Math.round(v));
  const last = points[points.length - 1] as (typeof points)[number];
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        <title>{title}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.1} />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {t}
            </text>
          </g>
        ))}
        <polygon points={band} className="fill-brand-600" fillOpacity={0.15} />
        <polyline points={line} fill="none" className="stroke-brand-600" strokeWidth={2} />
        {points.length === 1 && (
          <circle cx={x(last.at.getTime())} cy={y(last.rating)} r={3} className="fill-brand-600" />
        )}
        <text x={pad.left} y={height - 8} fontSize={11} fill="currentColor">
          {points[0]?.at.toISOString().slice(0, 10)}
        </text>
        <text x={width - pad.right} y={height - 8} textAnchor="end" fontSize={11} fill="currentColor">
          {last.at.toISOString().slice(0, 16).replace("T", " ")} · {Math.round(last.rating)}
        </text>
      </svg>
    </figure>
  );
}
