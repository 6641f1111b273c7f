// The dataset figures as the leaderboard's chart specs (drawn by components/charts, each with its data table).
import { categoryLabel } from "../categories/names";
import type { BarsChart, ChartSpec, HeatmapChart } from "../leaderboard/charts";
import { STYLE_RANK_DROP } from "./statistics";
import type { DatasetStatistics } from "./statistics-payload";

const OUTCOME_LABELS: Record<string, string> = {
  model_a: "Model A wins",
  model_b: "Model B wins",
  tie: "Tie",
  "tie (bothbad)": "Tie (both bad)",
};

/** A bar chart, or null when there is nothing to draw (no rows). */
function bars(
  id: string,
  title: string,
  rows: BarsChart["rows"],
  format: BarsChart["format"],
  note?: string,
): BarsChart | null {
  if (rows.length === 0) return null;
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return { kind: "bars", id, title, rows, format, total, ...(note ? { note } : {}) } satisfies BarsChart;
}

export function datasetCharts(stats: DatasetStatistics): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const add = (chart: ChartSpec | null) => {
    if (chart) charts.push(chart);
  };
  const withBattles = stats.models.filter((m) => m.battles > 0);
  const withChats = [...stats.models].filter((m) => m.chats > 0).sort((a, b) => b.chats - a.chats);
  add(
    bars(
      "battles-per-model",
      "Battles per model (Fig. 12)",
      withBattles.map((m) => ({ label: m.displayName, value: m.battles })),
      "countShare",
      "Each battle counts for both of its models; shares are of all model appearances.",
    ),
  );
  add(
    bars(
      "chats-per-model",
      "Direct chats per model (Fig. 14)",
      withChats.map((m) => ({ label: m.displayName, value: m.chats })),
      "countShare",
    ),
  );
  const tokens = stats.models
    .filter((m) => m.battles > 0 && m.avgTokens !== null)
    .sort((a, b) => (b.avgTokens as number) - (a.avgTokens as number));
  add(
    bars(
      "tokens-per-model",
      "Average answer tokens per model in battles (Fig. 13)",
      tokens.map((m) => ({ label: m.displayName, value: m.avgTokens as number, strong: m.styleRankDrop })),
      "integer",
      tokens.some((m) => m.rankPlain !== null)
        ? `Bold: the model's overall rank falls by ${STYLE_RANK_DROP} or more places under style control.`
        : "Bold marks models whose rank falls under style control, once the overall boards exist.",
    ),
  );
  add(
    bars(
      "battles-per-language",
      "Battles per language, top 25 (Figs. 15–16)",
      stats.languages.map((l) => ({ label: l.key, value: l.count })),
      "countShare",
    ),
  );
  add(
    bars(
      "outcomes",
      "Battle outcomes (Fig. 17)",
      stats.outcomes.map((o) => ({ label: OUTCOME_LABELS[o.key] ?? o.key, value: o.count })),
      "countShare",
    ),
  );
  const turns = (id: string, title: string, rows: { key: string; count: number }[]) =>
    add(
      bars(
        id,
        title,
        rows.map((r) => ({ label: `${r.key} turns`, value: r.count })),
        "countShare",
      ),
    );
  turns("battle-turns", "Turns per battle (Fig. 18)", stats.turns.battles);
  turns("chat-turns", "Turns per direct chat (Fig. 19)", stats.turns.chats);
  const refusing = withBattles
    .map((m) => ({ label: m.displayName, value: m.refusals / m.battles }))
    .sort((a, b) => b.value - a.value);
  add(
    bars(
      "refusals-per-model",
      "Refusals per model (Fig. 20)",
      refusing,
      "percent1",
      "Share of the model's battles in which its answer was labelled a refusal.",
    ),
  );
  const { A, B, both, none } = stats.refusals;
  if (A + B + both + none > 0)
    add(
      bars(
        "refusal-labels",
        "Which side refused",
        [
          { label: "A only", value: A },
          { label: "B only", value: B },
          { label: "Both", value: both },
          { label: "Neither", value: none },
        ],
        "countShare",
      ),
    );
  const perCategory = (id: string, title: string, rows: { key: string; count: number }[], of: number) =>
    add(
      bars(
        id,
        title,
        rows.map((r) => ({ label: categoryLabel(r.key), value: r.count / Math.max(1, of) })),
        "percent1",
        "A conversation can be in several categories.",
      ),
    );
  perCategory(
    "battle-categories",
    "Battles per category (Fig. 5)",
    stats.categories.battles,
    stats.datasets[0]?.conversations ?? 0,
  );
  perCategory(
    "chat-categories",
    "Direct chats per category",
    stats.categories.chats,
    stats.datasets[1]?.conversations ?? 0,
  );
  const overlap = stats.categoryOverlap;
  if (overlap.categories.length > 1) {
    const values = overlap.counts.map((row, i) => row.map((n) => n / Math.max(1, overlap.battles[i] ?? 0)));
    charts.push({
      kind: "heatmap",
      id: "category-overlap",
      title: "Category overlap (Fig. 24)",
      labels: overlap.categories.map(categoryLabel),
      values,
      format: "percent1",
      palette: "sequential",
      domain: [0, 1],
      legend: ["0%", "100%"],
      note: "Of the battles in the row's category, the share also in the column's.",
    } satisfies HeatmapChart);
  }
  return charts;
}
