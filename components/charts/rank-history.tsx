// The board's ranks over the recomputes: a line per model (rank 1 on top), the leaders only so the lines stay
// readable, with the numbers as a table under a disclosure for screen readers and anyone who would rather read.
import type { Translate } from "@/lib/i18n/client";
import type { RankHistory } from "@/lib/leaderboard";
import { MatrixTable } from "../data-table";
import { ScrollBox } from "../scroll-box";
import { YGridLine } from "./chart-svg";

/** Ten hues far enough apart to tell lines apart, each dark enough on white and light enough on zinc-900. */
const HUES = [215, 25, 140, 330, 265, 50, 185, 0, 95, 300];
const SHOWN = 8;
/** Pixels between the lines of models tied at a recompute. */
const TIE_GAP = 4;
/** Up to this many recomputes, each is marked with a dot. */
const MARKED_POINTS = 40;

export function RankHistoryChart({ history, title, t }: { history: RankHistory; title: string; t: Translate }) {
  const { points } = history;
  if (points.length < 2) return null;
  const latest = points.at(-1)?.ranks ?? {};
  // the models ranked now, best first; a model never ranked has no line
  const models = history.models
    .filter((m) => typeof latest[m.model] === "number")
    .sort((a, b) => (latest[a.model] as number) - (latest[b.model] as number))
    .slice(0, SHOWN);
  if (models.length === 0) return null;
  const worst = Math.max(...points.flatMap((p) => models.map((m) => p.ranks[m.model] ?? 0)), models.length);
  const width = 720;
  const height = 220;
  const pad = { left: 36, right: 16, top: 12, bottom: 24 };
  const x = (k: number) => pad.left + (k / (points.length - 1)) * (width - pad.left - pad.right);
  const y = (rank: number) => pad.top + ((rank - 1) / Math.max(1, worst - 1)) * (height - pad.top - pad.bottom);
  const colourOf = (k: number) => `hsl(${HUES[k % HUES.length]} 65% 45%)`;
  // models sharing a rank at a recompute (ties are common: Rank (UB) gives every model whose interval overlaps the
  // leader's rank 1) are drawn a few pixels apart, so no line hides another (issue 69: one line was hidden)
  const spread = points.map((p) => {
    const offsets = new Map<string, number>();
    const byRank = new Map<number, string[]>();
    for (const m of models) {
      const rank = p.ranks[m.model];
      if (typeof rank === "number") byRank.set(rank, [...(byRank.get(rank) ?? []), m.model]);
    }
    for (const tied of byRank.values())
      for (const [i, model] of tied.entries()) offsets.set(model, (i - (tied.length - 1) / 2) * TIE_GAP);
    return offsets;
  });
  const pointsOf = (model: string) =>
    points.flatMap((p, k) =>
      typeof p.ranks[model] === "number"
        ? [{ x: x(k), y: y(p.ranks[model] as number) + (spread[k]?.get(model) ?? 0) }]
        : [],
    );
  const lineOf = (model: string) =>
    pointsOf(model)
      .map((p) => `${p.x},${p.y}`)
      .join(" ");
  const day = (d: Date) => new Date(d).toISOString().slice(0, 16).replace("T", " ");
  return (
    <figure
      className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="rank-history"
    >
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <ScrollBox label={title}>
        <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full min-w-[480px]" role="img" aria-label={title}>
          <title>{title}</title>
          {Array.from({ length: worst }, (_, r) => r + 1)
            .filter((r) => worst <= 10 || r === 1 || r % 5 === 0)
            .map((r) => (
              <YGridLine key={r} y={y(r)} left={pad.left} right={width - pad.right} label={r} />
            ))}
          {models.map((m, k) => (
            <g key={m.model} stroke={colourOf(k)} fill={colourOf(k)}>
              <polyline points={lineOf(m.model)} fill="none" strokeWidth={2} />
              {/* a dot per recompute while there are few: a short history reads as points, not a bare line */}
              {points.length <= MARKED_POINTS &&
                pointsOf(m.model).map((p) => <circle key={p.x} cx={p.x} cy={p.y} r={3} stroke="none" />)}
            </g>
          ))}
          <g fontSize={11} fill="currentColor">
            <text x={pad.left} y={height - 6}>
              {day(points[0]?.at as Date)}
            </text>
            <text x={width - pad.right} y={height - 6} textAnchor="end">
              {day(points.at(-1)?.at as Date)}
            </text>
          </g>
        </svg>
      </ScrollBox>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {models.map((m, k) => (
          <li key={m.model} className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-2 w-3 rounded-sm" style={{ background: colourOf(k) }} />
            {m.displayName}
          </li>
        ))}
      </ul>
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer muted">{t("charts.ranksTable")}</summary>
        <ScrollBox label={t("charts.table", { title })}>
          <MatrixTable
            className="text-xs"
            pad="px-2 py-1"
            caption={title}
            corner={t("charts.recompute")}
            rows={points}
            rowKey={(p) => new Date(p.at).toISOString()}
            rowHead={(p) => day(p.at)}
            columns={models}
            columnKey={(m) => m.model}
            columnHead={(m) => m.displayName}
            cell={(p, m) => p.ranks[m.model] ?? "–"}
          />
        </ScrollBox>
      </details>
    </figure>
  );
}
