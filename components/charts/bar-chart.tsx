// Horizontal bars with the value written beside each, drawn on the server as SVG (bar length carries the value,
// so it reads without colour).

export function BarChart({
  title,
  rows,
  format,
  note,
}: {
  title: string;
  rows: { label: string; value: number }[];
  format: (v: number) => string;
  note?: string;
}) {
  if (rows.length === 0) return null;
  const rowHeight = 22;
  const left = 170;
  const width = 560;
  const valueRoom = 70;
  const top = 6;
  const height = top + rows.length * rowHeight + 6;
  const max = Math.max(...rows.map((r) => r.value), Number.MIN_VALUE);
  const x = (v: number) => ((width - left - valueRoom) * v) / max;
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        <title>{title}</title>
        {rows.map((row, i) => (
          <g key={row.label}>
            <text x={left - 6} y={top + i * rowHeight + 15} textAnchor="end" fontSize={11} fill="currentColor">
              {row.label}
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
              {format(row.value)}
            </text>
          </g>
        ))}
      </svg>
      {note && <p className="mt-1 text-xs text-zinc-500">{note}</p>}
    </figure>
  );
}
