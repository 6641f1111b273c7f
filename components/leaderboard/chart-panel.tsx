"use client";
// The leaderboard's charts, drawn in the browser from their data (GET /api/leaderboard/charts), each with its data
// as a table behind a toggle. Loaded only when the reader scrolls near them (lazy-charts.tsx).
import { useEffect, useRef, useState } from "react";
import { BarChart } from "@/components/charts/bar-chart";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { Heatmap } from "@/components/charts/heatmap";
import { RatingIntervals } from "@/components/charts/rating-intervals";
import { useT } from "@/components/i18n";
import { ScrollBox } from "@/components/scroll-box";
import type { ChartSpec } from "@/lib/leaderboard";

/** The width a chart has to draw in, followed as the window changes. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** One chart in its card, with its data as a table behind a toggle. */
export function Chart({ chart }: { chart: ChartSpec }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const t = useT();
  return (
    <figure
      className="min-w-0 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={`figure-${chart.id}`}
    >
      <figcaption className="mb-1 text-sm font-medium">{chart.title}</figcaption>
      <div ref={ref}>
        <ScrollBox label={chart.title}>
          {width > 0 &&
            (chart.kind === "intervals" ? (
              <RatingIntervals
                rows={chart.rows}
                title={chart.title}
                width={Math.max(300, width)}
                tierLabel={(tier) => t("charts.tierBand", { tier })}
              />
            ) : chart.kind === "bars" ? (
              <BarChart chart={chart} width={Math.max(300, Math.min(width, 640))} />
            ) : (
              <Heatmap chart={chart} />
            ))}
        </ScrollBox>
      </div>
      {"note" in chart && chart.note && <p className="mt-1 text-xs muted">{chart.note}</p>}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer muted">{t("charts.showTable")}</summary>
        <ScrollBox label={t("charts.dataLabel", { title: chart.title })} className="mt-2">
          <ChartDataTable chart={chart} t={t} />
        </ScrollBox>
      </details>
    </figure>
  );
}

export default function ChartPanel({ charts }: { charts: ChartSpec[] }) {
  const t = useT();
  const bars = charts.filter((c) => c.kind === "bars");
  const crossCategory = charts.filter((c) => c.kind === "heatmap" && c.columns !== undefined);
  const first = charts.filter((c) => c.kind !== "bars" && !(c.kind === "heatmap" && c.columns !== undefined));
  return (
    <div className="space-y-4">
      {first.map((chart) => (
        <Chart key={chart.id} chart={chart} />
      ))}
      {crossCategory.length + bars.length > 0 && (
        <section className="space-y-4" aria-label={t("charts.acrossCategories")}>
          <h2 className="text-lg font-semibold">{t("charts.acrossCategories")}</h2>
          {crossCategory.map((chart) => (
            <Chart key={chart.id} chart={chart} />
          ))}
          {bars.length > 0 && (
            <div className="grid gap-4 lg:grid-cols-2">
              {bars.map((chart) => (
                <Chart key={chart.id} chart={chart} />
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
