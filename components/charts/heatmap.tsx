// A matrix as a heatmap with the value written in every cell, so it reads without colour too. Square (model ×
// model, diagonal left blank) or rectangular (models × categories).

export function Heatmap({
  title,
  labels,
  columns,
  values,
  format,
  scale,
  marks,
  palette = "diverging",
  note,
}: {
  title: string;
  /** row labels; also the column labels when `columns` is not given */
  labels: string[];
  columns?: string[];
  values: (number | null)[][];
  format: (v: number) => string;
  /** map a value to [0, 1] for the colour */
  scale: (v: number) => number;
  /** cells to mark with an asterisk (e.g. fewer than 100 votes) */
  marks?: boolean[][];
  /** diverging (red–blue around the middle) for shares and changes, sequential (light to dark blue) for counts */
  palette?: "diverging" | "sequential";
  note?: string;
}) {
  const square = columns === undefined;
  const cols = columns ?? labels;
  if (labels.length === 0 || cols.length === 0) return null;
  const cell = Math.max(26, Math.min(44, Math.floor(560 / Math.max(labels.length, cols.length))));
  const left = 170;
  const top = 120;
  // room on the right for the last column's slanted label
  const size = { w: left + cols.length * cell + 110, h: top + labels.length * cell + 10 };
  const colour = (t: number) =>
    palette === "sequential"
      ? `hsl(220 70% ${Math.round(95 - 45 * t)}%)`
      : `hsl(${Math.round(10 + 200 * t)} 70% ${Math.round(88 - 38 * Math.abs(t - 0.5) * 2)}%)`;
  return (
    <figure className="overflow-x-auto rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <svg width={size.w} height={size.h} viewBox={`0 0 ${size.w} ${size.h}`} role="img" aria-label={title}>
        <title>{title}</title>
        {cols.map((label, j) => (
          <text
            key={`c-${label}`}
            x={left + j * cell + cell / 2}
            y={top - 6}
            fontSize={11}
            fill="currentColor"
            transform={`rotate(-45 ${left + j * cell + cell / 2} ${top - 6})`}
          >
            {label}
          </text>
        ))}
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
                  fill={blank ? "transparent" : colour(Math.max(0, Math.min(1, scale(v))))}
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
                  {`${format(v)}${marks?.[i]?.[j] ? "*" : ""}`}
                </text>
              );
            }),
          )}
        </g>
        <g fontSize={11} fill="currentColor" textAnchor="end">
          {labels.map((label, i) => (
            <text key={`r-${label}`} x={left - 6} y={top + i * cell + cell / 2 + 4}>
              {label}
            </text>
          ))}
        </g>
      </svg>
      {note && <p className="mt-1 text-xs text-zinc-500">{note}</p>}
    </figure>
  );
}
