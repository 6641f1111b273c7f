// A chart's numbers as a table: the text alternative for screen readers and for anyone who would rather read.
import type { Translate } from "@/lib/i18n/client";
import type { ChartSpec } from "@/lib/leaderboard";
import { formatValue } from "./format";

const cellClass = "border border-zinc-200 px-2 py-1 text-right tabular-nums dark:border-zinc-700";
const headClass = "border border-zinc-200 px-2 py-1 text-left font-medium dark:border-zinc-700";

/** A labelled row per entry: the intervals' and the bars' tables. */
function RowTable({ title, headers, rows }: { title: string; headers?: string[]; rows: [string, ...string[]][] }) {
  return (
    <table className="text-xs">
      <caption className="sr-only">{title}</caption>
      {headers && (
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} className={headClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map(([label, ...cells]) => (
          <tr key={label}>
            <th scope="row" className={headClass}>
              {label}
            </th>
            {cells.map((cell, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
              <td key={k} className={cellClass}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ChartDataTable({ chart, t }: { chart: ChartSpec; t: Translate }) {
  if (chart.kind === "intervals") {
    return (
      <RowTable
        title={chart.title}
        headers={[t("charts.model"), t("charts.score"), t("charts.interval")]}
        rows={chart.rows.map((r) => [
          r.label,
          String(Math.round(r.rating)),
          `${Math.round(r.lower)} – ${Math.round(r.upper)}`,
        ])}
      />
    );
  }
  if (chart.kind === "bars") {
    return (
      <RowTable
        title={chart.title}
        rows={chart.rows.map((r) => [
          r.strong ? t("charts.bold", { label: r.label }) : r.label,
          formatValue(chart.format, r.value, chart.total),
        ])}
      />
    );
  }
  const columns = chart.columns ?? chart.labels;
  const square = chart.columns === undefined;
  return (
    <table className="text-xs">
      <caption className="sr-only">{chart.title}</caption>
      <thead>
        <tr>
          <td />
          {columns.map((c) => (
            <th key={c} scope="col" className={headClass}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.labels.map((label, i) => (
          <tr key={label}>
            <th scope="row" className={headClass}>
              {label}
            </th>
            {columns.map((c, j) => {
              const v = chart.values[i]?.[j];
              const empty = v === null || v === undefined || (square && i === j);
              return (
                <td key={c} className={cellClass}>
                  {empty ? "–" : `${formatValue(chart.format, v)}${chart.marks?.[i]?.[j] ? "*" : ""}`}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
