// A chart's numbers as a table: the text alternative for screen readers and for anyone who would rather read.
import type { ChartSpec } from "@/lib/leaderboard";
import { formatValue } from "./format";

const cellClass = "border border-zinc-200 px-2 py-1 text-right tabular-nums dark:border-zinc-700";
const headClass = "border border-zinc-200 px-2 py-1 text-left font-medium dark:border-zinc-700";

export function ChartDataTable({ chart }: { chart: ChartSpec }) {
  if (chart.kind === "intervals") {
    return (
      <table className="text-xs">
        <caption className="sr-only">{chart.title}</caption>
        <thead>
          <tr>
            <th className={headClass}>Model</th>
            <th className={headClass}>Score</th>
            <th className={headClass}>95% interval</th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className={headClass}>
                {r.label}
              </th>
              <td className={cellClass}>{Math.round(r.rating)}</td>
              <td className={cellClass}>
                {Math.round(r.lower)} – {Math.round(r.upper)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (chart.kind === "bars") {
    return (
      <table className="text-xs">
        <caption className="sr-only">{chart.title}</caption>
        <tbody>
          {chart.rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className={headClass}>
                {r.label}
              </th>
              <td className={cellClass}>{formatValue(chart.format, r.value, chart.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
