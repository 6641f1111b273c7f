"use client";
// Loads the board's charts when the reader scrolls near them: the first view is the table alone, light at any
// number of models, and the chart code and data arrive only for those who look.
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { useLocale, useT } from "@/components/i18n";
import type { ChartSpec } from "@/lib/leaderboard";

const ChartPanel = dynamic(() => import("./chart-panel"), { ssr: false });

/**
 * `snapshot`: the board shown; `summary`: the overall board whose run summary feeds the cross-category charts;
 * `pairs`: the plain board whose pair matrices a style-controlled board borrows.
 */
export function LazyCharts({ snapshot, summary, pairs }: { snapshot: string; summary?: string; pairs?: string }) {
  const t = useT();
  const locale = useLocale();
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [charts, setCharts] = useState<ChartSpec[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!near) return;
    const query = new URLSearchParams({
      snapshot,
      ...(summary ? { summary } : {}),
      ...(pairs ? { pairs } : {}),
      ...(locale === "en" ? {} : { locale }),
    });
    fetch(`/api/leaderboard/charts?${query}`)
      .then((r) =>
        r.ok ? (r.json() as Promise<{ charts: ChartSpec[] }>) : Promise.reject(new Error(String(r.status))),
      )
      .then((body) => setCharts(body.charts))
      .catch(() => setFailed(true));
  }, [near, snapshot, summary, pairs, locale]);
  return (
    <div ref={anchor} data-testid="charts" aria-busy={charts === null && !failed}>
      {failed ? (
        <p className="text-sm muted">{t("charts.loadFailed")}</p>
      ) : charts ? (
        <ChartPanel charts={charts} />
      ) : (
        <p className="min-h-40 text-sm muted">{t("charts.loading")}</p>
      )}
    </div>
  );
}
