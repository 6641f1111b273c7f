// A model's Arena Score over the snapshots: a line for the score, a band for the 95% interval (none where the board
// showed none: a preliminary model's points), SVG on the server.
import { ScrollBox } from "../scroll-box";
import { YGridLine } from "./chart-svg";
import { niceTicks } from "./format";

/** Time ticks: hours within a day, else dates; at most `most`, evenly spread over the span. */
function timeTicks(t0: number, t1: number, most: number): { at: number; label: string }[] {
  if (t1 === t0) return [{ at: t0, label: new Date(t0).toISOString().slice(0, 16).replace("T", " ") }];
  const sameDay = t1 - t0 < 86_400_000;
  const label = (t: number) => {
    const iso = new Date(t).toISOString();
    return sameDay ? iso.slice(11, 16) : iso.slice(0, 10);
  };
  const ticks: { at: number; label: string }[] = [];
  for (let k = 0; k < most; k++) {
    const at = t0 + ((t1 - t0) * k) / (most - 1);
    // two ticks reading the same (two dates of one day) would repeat a label
    if (ticks.at(-1)?.label !== label(at)) ticks.push({ at, label: label(at) });
  }
  return ticks;
}

type Point = { at: Date; rating: number; ciLower: number | null; ciUpper: number | null };
/** The interval's bounds, or the score itself where there is no interval. */
const lowerOf = (p: Point) => (Number.isFinite(p.ciLower) ? (p.ciLower as number) : p.rating);
const upperOf = (p: Point) => (Number.isFinite(p.ciUpper) ? (p.ciUpper as number) : p.rating);

export function RatingHistory({ points, title }: { points: Point[]; title: string }) {
  if (points.length === 0) return null;
  // a phone gets its own narrow drawing (fewer time ticks) so the labels keep their size instead of shrinking to 7 px
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <ScrollBox label={title} className="hidden sm:block">
        <HistoryPlot points={points} title={title} width={720} height={240} timeTicksShown={4} />
      </ScrollBox>
      <div className="sm:hidden">
        <HistoryPlot points={points} title={title} width={340} height={200} timeTicksShown={2} />
      </div>
    </figure>
  );
}

function HistoryPlot({
  points,
  title,
  width,
  height,
  timeTicksShown,
}: {
  points: Point[];
  title: string;
  width: number;
  height: number;
  timeTicksShown: number;
}) {
  const pad = { left: 48, right: 16, top: 12, bottom: 28 };
  const instants = points.map((p) => p.at.getTime());
  const t0 = Math.min(...instants);
  const t1 = Math.max(...instants);
  const lo = Math.min(...points.map(lowerOf));
  const hi = Math.max(...points.map(upperOf));
  const span = Math.max(10, hi - lo);
  const x = (t: number) => pad.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + (1 - (v - (lo - span * 0.05)) / (span * 1.1)) * (height - pad.top - pad.bottom);
  const line = points.map((p) => `${x(p.at.getTime())},${y(p.rating)}`).join(" ");
  const band = [
    ...points.map((p) => `${x(p.at.getTime())},${y(upperOf(p))}`),
    ...[...points].reverse().map((p) => `${x(p.at.getTime())},${y(lowerOf(p))}`),
  ].join(" ");
  const yLow = lo - span * 0.05;
  const yHigh = yLow + span * 1.1;
  const ticks = niceTicks(yLow, yHigh, 5).filter((t) => t >= yLow && t <= yHigh);
  const times = timeTicks(t0, t1, timeTicksShown);
  const last = points[points.length - 1] as (typeof points)[number];
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={title}>
      <title>{title}</title>
      {ticks.map((t) => (
        <YGridLine key={t} y={y(t)} left={pad.left} right={width - pad.right} label={t} />
      ))}
      <polygon points={band} className="fill-brand-600" fillOpacity={0.15} />
      <polyline points={line} fill="none" className="stroke-brand-600" strokeWidth={2} />
      {points.length === 1 && <circle cx={x(last.at.getTime())} cy={y(last.rating)} r={3} className="fill-brand-600" />}
      <g fontSize={11} fill="currentColor">
        {times.map((tick, k) => (
          <text
            key={tick.at}
            x={x(tick.at)}
            y={height - 8}
            textAnchor={times.length === 1 ? "middle" : k === 0 ? "start" : k === times.length - 1 ? "end" : "middle"}
          >
            {tick.label}
          </text>
        ))}
      </g>
    </svg>
  );
}
