// The leaderboard's charts as plain data: the page sends the table first and the browser asks for these when the
// reader scrolls near them (GET /api/leaderboard/charts), so the first view stays light at 60 models. A spec
// carries no functions: formats and colour scales are named, and drawn by components/charts.
import { localCategoryLabel } from "../categories/names";
import { translator } from "../i18n/catalogues";
import type { Translate } from "../i18n/translate";
import {
  CHART_MODELS,
  categoryRanks,
  categoryStats,
  FEW_VOTES,
  predictedWinRates,
  styleCoefficientsByCategory,
  styleRankChanges,
} from "./analysis";
import type { ServedSnapshot } from "./serve";

/** How a number is written: integers, two or three decimals, signed places, percent, count with its share. */
export type ChartFormat = "integer" | "fixed2" | "fixed3" | "signed" | "percent1" | "countShare";

export interface IntervalsChart {
  kind: "intervals";
  id: string;
  title: string;
  rows: { label: string; rating: number; lower: number; upper: number; tier?: number }[];
  note?: string;
}

export interface HeatmapChart {
  kind: "heatmap";
  id: string;
  title: string;
  /** row labels; also the column labels of a square (model × model) chart, whose diagonal stays blank */
  labels: string[];
  columns?: string[];
  values: (number | null)[][];
  marks?: boolean[][];
  format: ChartFormat;
  /** sequential: light to dark from domain[0] to domain[1]; diverging: two hues around the domain's middle */
  palette: "sequential" | "diverging";
  domain: [number, number];
  /** what the colours mean, for the legend: the low end, the middle (diverging), the high end */
  legend: string[];
  note?: string;
}

export interface BarsChart {
  kind: "bars";
  id: string;
  title: string;
  /** strong: drawn in bold (a mark the note explains) */
  rows: { label: string; value: number; strong?: boolean }[];
  format: ChartFormat;
  /** countShare: the whole the shares are of */
  total?: number;
  note?: string;
}

export type ChartSpec = IntervalsChart | HeatmapChart | BarsChart;

const STYLE_FEATURES = new Set(["tokens", "headers", "lists", "bold", "specificity"]);

/** The charts of one board, in page order; the cross-category ones only on the overall board. */
/**
 * A style-controlled board keeps no pair matrices (the battles and win fractions do not depend on style): they are
 * borrowed from the plain board of the same category, re-ordered like this board's models.
 */
export function withPairMatrices(snapshot: ServedSnapshot, plain: ServedSnapshot | null): ServedSnapshot {
  const source = plain?.payload.matrices;
  if (snapshot.payload.matrices || !plain || !source) return snapshot;
  const at = new Map(plain.payload.models.map((m, i) => [m.model, i]));
  const index = snapshot.payload.models.map((m) => at.get(m.model) ?? -1);
  const pick = <T>(matrix: T[][], empty: T) => index.map((i) => index.map((j) => matrix[i]?.[j] ?? empty));
  return {
    ...snapshot,
    payload: {
      ...snapshot.payload,
      matrices: { battles: pick(source.battles, 0), winFraction: pick(source.winFraction, null) },
    },
  };
}

/** `t`: the reader's language (the API takes it as ?locale=); English by default. */
export function leaderboardCharts(
  snapshot: ServedSnapshot,
  overall: ServedSnapshot | null,
  t: Translate = translator("en"),
): ChartSpec[] {
  const { payload } = snapshot;
  const categoryLabel = (name: string) => localCategoryLabel(name, t);
  // a model with no interval (preliminary, or one the fit could not bound) is not drawn: a missing bound is no zero
  const bounded = payload.models.filter((m) => Number.isFinite(m.ciLower) && Number.isFinite(m.ciUpper));
  const undrawn = payload.models.length - bounded.length;
  const charts: ChartSpec[] = [
    {
      kind: "intervals",
      id: "ratings",
      title: t("charts.ratings"),
      rows: bounded.map((m) => ({
        label: m.displayName,
        rating: m.rating,
        lower: m.ciLower,
        upper: m.ciUpper,
        ...(m.tier !== null ? { tier: m.tier } : {}),
      })),
      ...(undrawn > 0 ? { note: t("charts.undrawn", { count: undrawn }) } : {}),
    },
  ];
  const shown = payload.models.slice(0, CHART_MODELS);
  const labels = shown.map((m) => m.displayName);
  const crop = <T>(matrix: T[][]) => matrix.slice(0, shown.length).map((row) => row.slice(0, shown.length));
  const top =
    payload.models.length > shown.length
      ? t("charts.topModels", { shown: shown.length, count: payload.models.length })
      : "";
  const note = top || undefined;
  if (payload.matrices) {
    const battles = crop(payload.matrices.battles);
    const mostBattles = Math.max(1, ...battles.flat());
    charts.push(
      {
        kind: "heatmap",
        id: "win-fraction",
        title: t("charts.winFraction"),
        labels,
        values: crop(payload.matrices.winFraction),
        format: "fixed2",
        palette: "diverging",
        domain: [0, 1],
        legend: [t("charts.alwaysLoses"), "0.5", t("charts.alwaysWins")],
        note,
      },
      {
        kind: "heatmap",
        id: "battles",
        title: t("charts.pairBattles"),
        labels,
        values: battles,
        format: "integer",
        palette: "sequential",
        domain: [0, mostBattles],
        legend: ["0", t("charts.battlesCount", { count: mostBattles })],
        note,
      },
    );
  }
  charts.push({
    kind: "heatmap",
    id: "predicted",
    title: t("charts.predicted"),
    labels,
    values: predictedWinRates(shown),
    format: "fixed2",
    palette: "diverging",
    domain: [0, 1],
    legend: ["0", "0.5", "1"],
    note,
  });
  const summary = overall?.payload.summary ?? [];
  if (snapshot.category !== "overall" || !overall || summary.length === 0) return charts;

  const leaders = overall.payload.models.slice(0, CHART_MODELS);
  const ids = leaders.map((m) => m.model);
  const names = leaders.map((m) => m.displayName);
  const few = `${t("charts.fewVotes", { count: FEW_VOTES })}${top ? ` ${top}` : ""}`;
  const ranks = categoryRanks(summary, ids);
  const maxRank = Math.max(1, ...ranks.values.flat().filter((v): v is number => v !== null));
  if (ranks.columns.length > 1) {
    charts.push({
      kind: "heatmap",
      id: "category-ranks",
      title: t("charts.categoryRanks"),
      labels: names,
      columns: ranks.columns.map(categoryLabel),
      values: ranks.values,
      marks: ranks.few,
      format: "integer",
      palette: "sequential",
      // rank 1 darkest
      domain: [maxRank, 1],
      legend: [t("charts.rank", { rank: maxRank }), t("charts.rank", { rank: 1 })],
      note: few,
    });
  }
  const changes = styleRankChanges(summary, ids);
  if (changes.columns.length > 0) {
    const most = Math.max(1, ...changes.values.flat().map((v) => Math.abs(v ?? 0)));
    charts.push({
      kind: "heatmap",
      id: "style-rank-changes",
      title: t("charts.styleRankChanges"),
      labels: names,
      columns: changes.columns.map(categoryLabel),
      values: changes.values,
      marks: changes.few,
      format: "signed",
      palette: "diverging",
      domain: [-most, most],
      legend: [t("charts.losesPlaces", { most: `−${most}` }), "0", t("charts.gainsPlaces", { most: `+${most}` })],
      note: few,
    });
  }
  const coefficients = styleCoefficientsByCategory(summary);
  if (coefficients.categories.length > 0) {
    const largest = Math.max(1e-9, ...coefficients.values.flat().map((v) => Math.abs(v ?? 0)));
    const edge = largest.toFixed(3);
    charts.push({
      kind: "heatmap",
      id: "style-coefficients",
      title: t("charts.styleCoefficients"),
      labels: coefficients.categories.map(categoryLabel),
      columns: coefficients.features.map((f) => (STYLE_FEATURES.has(f) ? t(`charts.feature.${f}`) : f)),
      values: coefficients.values,
      format: "fixed3",
      palette: "diverging",
      domain: [-largest, largest],
      legend:
        Number(edge) > 0
          ? [`−${edge}: ${t("charts.preferredLess")}`, "0", `+${edge}: ${t("charts.preferredMore")}`]
          : [t("charts.preferredLess"), "0", t("charts.preferredMore")],
    });
  }
  const stats = categoryStats(summary);
  if (stats.length > 0) {
    charts.push(
      {
        kind: "bars",
        id: "category-battles",
        title: t("charts.categoryBattles"),
        rows: stats.map((s) => ({ label: categoryLabel(s.category), value: s.battles })),
        format: "countShare",
        total: Math.max(1, summary.find((c) => c.category === "overall")?.battles ?? 1),
        note: t("charts.categoriesOverlap"),
      },
      {
        kind: "bars",
        id: "both-bad",
        title: t("charts.bothBad"),
        rows: stats.map((s) => ({ label: categoryLabel(s.category), value: s.bothBadShare })),
        format: "percent1",
      },
    );
  }
  return charts;
}
