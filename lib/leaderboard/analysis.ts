// The paper's analyses, from a stored run (no rating code here: pages import it).
import type { CategorySummary, SnapshotModel } from "./serve";

/** Model × model and model × category charts draw this many models, from the top. */
export const CHART_MODELS = 20;

/** The Bradley–Terry probability that the row model beats the column model, from the Arena Scores (Elo scale). */
export function predictedWinRates(models: Pick<SnapshotModel, "rating">[]): (number | null)[][] {
  return models.map((row, i) =>
    models.map((column, j) => (i === j ? null : 1 / (1 + 10 ** ((column.rating - row.rating) / 400)))),
  );
}

/** The paper stars cells with fewer than this many votes (Figs. 7–8). */
export const FEW_VOTES = 100;

export interface CategoryGrid {
  rows: string[];
  columns: string[];
  values: (number | null)[][];
  /** cells to mark: fewer than FEW_VOTES votes */
  few: boolean[][];
}

const byCategory = (summary: CategorySummary[], include: (c: CategorySummary) => boolean) =>
  summary.filter((c) => c.category !== "overall" && include(c));

/** Rank (UB) of every model (rows, in overall order) in every category (Fig. 7). */
export function categoryRanks(summary: CategorySummary[], models: string[], styleControl = false): CategoryGrid {
  const overall = summary.find((c) => c.category === "overall");
  const categories = [
    ...(overall ? [overall] : []),
    ...byCategory(summary, (c) => Object.keys(styleControl ? (c.styleRanks ?? {}) : c.ranks).length > 0),
  ];
  return {
    rows: models,
    columns: categories.map((c) => c.category),
    values: models.map((m) => categories.map((c) => (styleControl ? c.styleRanks : c.ranks)?.[m] ?? null)),
    few: models.map((m) => categories.map((c) => (c.votes[m] ?? 0) < FEW_VOTES)),
  };
}

/** Places each model gains (positive) or loses under style control, per category (Fig. 8). */
export function styleRankChanges(summary: CategorySummary[], models: string[]): CategoryGrid {
  const categories = summary.filter((c) => c.styleRanks && Object.keys(c.styleRanks).length > 0);
  return {
    rows: models,
    columns: categories.map((c) => c.category),
    values: models.map((m) =>
      categories.map((c) => {
        const plain = c.ranks[m];
        const styled = c.styleRanks?.[m];
        return plain === undefined || styled === undefined ? null : plain - styled;
      }),
    ),
    few: models.map((m) => categories.map((c) => (c.votes[m] ?? 0) < FEW_VOTES)),
  };
}

/** Style coefficients per category (Fig. 6): rows are categories, columns the features. */
export function styleCoefficientsByCategory(summary: CategorySummary[]) {
  // a category whose coefficients all print as 0.000 (too few battles to move them off zero) says nothing: left out
  const rows = summary.filter((c) => (c.styleCoefficients ?? []).some((s) => Math.abs(s.value) >= 0.0005));
  const features = [...new Set(rows.flatMap((c) => (c.styleCoefficients ?? []).map((s) => s.feature)))];
  return {
    categories: rows.map((c) => c.category),
    features,
    values: rows.map((c) => features.map((f) => c.styleCoefficients?.find((s) => s.feature === f)?.value ?? null)),
  };
}

/** Battles per tagged category (Fig. 5) and the share of "both are bad" votes in each (Table 2). */
export function categoryStats(summary: CategorySummary[]) {
  const overall = summary.find((c) => c.category === "overall");
  const total = overall?.battles ?? 0;
  return summary
    .filter((c) => c.category !== "overall")
    .map((c) => ({
      category: c.category,
      battles: c.battles,
      share: total ? c.battles / total : 0,
      bothBadShare: c.battles ? c.bothBad / c.battles : 0,
    }))
    .sort((a, b) => b.battles - a.battles);
}
