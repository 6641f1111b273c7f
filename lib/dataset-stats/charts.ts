// The dataset figures as the leaderboard's chart specs (drawn by components/charts, each with its data table).
import { localCategoryLabel } from "../categories/names";
import { translator } from "../i18n/catalogues";
import type { Translate } from "../i18n/translate";
import type { BarsChart, ChartSpec, HeatmapChart } from "../leaderboard/charts";
import { STYLE_RANK_DROP } from "./statistics";
import type { DatasetStatistics } from "./statistics-payload";

const OUTCOME_KEYS: Record<string, string> = {
  model_a: "charts.outcome.a",
  model_b: "charts.outcome.b",
  tie: "charts.outcome.tie",
  "tie (bothbad)": "charts.outcome.bothBad",
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

/** `t`: the reader's language; English by default. */
export function datasetCharts(stats: DatasetStatistics, t: Translate = translator("en")): ChartSpec[] {
  const categoryLabel = (name: string) => localCategoryLabel(name, t);
  const charts: ChartSpec[] = [];
  const add = (chart: ChartSpec | null) => {
    if (chart) charts.push(chart);
  };
  const withBattles = stats.models.filter((m) => m.battles > 0);
  const withChats = [...stats.models].filter((m) => m.chats > 0).sort((a, b) => b.chats - a.chats);
  add(
    bars(
      "battles-per-model",
      t("charts.battlesPerModel"),
      withBattles.map((m) => ({ label: m.displayName, value: m.battles })),
      "countShare",
      t("charts.battlesPerModelNote"),
    ),
  );
  add(
    bars(
      "chats-per-model",
      t("charts.chatsPerModel"),
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
      t("charts.tokensPerModel"),
      tokens.map((m) => ({ label: m.displayName, value: m.avgTokens as number, strong: m.styleRankDrop })),
      "integer",
      tokens.some((m) => m.rankPlain !== null)
        ? t("charts.boldRankDrop", { count: STYLE_RANK_DROP })
        : t("charts.boldLater"),
    ),
  );
  add(
    bars(
      "battles-per-language",
      t("charts.languages"),
      stats.languages.map((l) => ({ label: l.key, value: l.count })),
      "countShare",
    ),
  );
  add(
    bars(
      "outcomes",
      t("charts.outcomes"),
      stats.outcomes.map((o) => ({
        label: OUTCOME_KEYS[o.key] ? t(OUTCOME_KEYS[o.key] as string) : o.key,
        value: o.count,
      })),
      "countShare",
    ),
  );
  const turns = (id: string, title: string, rows: { key: string; count: number }[]) =>
    add(
      bars(
        id,
        title,
        rows.map((r) => ({ label: t("charts.turns", { turns: r.key }), value: r.count })),
        "countShare",
      ),
    );
  turns("battle-turns", t("charts.battleTurns"), stats.turns.battles);
  turns("chat-turns", t("charts.chatTurns"), stats.turns.chats);
  const refusing = withBattles
    .map((m) => ({ label: m.displayName, value: m.refusals / m.battles }))
    .sort((a, b) => b.value - a.value);
  add(bars("refusals-per-model", t("charts.refusalsPerModel"), refusing, "percent1", t("charts.refusalsNote")));
  const { A, B, both, none } = stats.refusals;
  if (A + B + both + none > 0)
    add(
      bars(
        "refusal-labels",
        t("charts.refusalSides"),
        [
          { label: t("charts.aOnly"), value: A },
          { label: t("charts.bOnly"), value: B },
          { label: t("charts.both"), value: both },
          { label: t("charts.neither"), value: none },
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
        t("charts.severalCategories"),
      ),
    );
  perCategory(
    "battle-categories",
    t("charts.battleCategories"),
    stats.categories.battles,
    stats.datasets[0]?.conversations ?? 0,
  );
  perCategory(
    "chat-categories",
    t("charts.chatCategories"),
    stats.categories.chats,
    stats.datasets[1]?.conversations ?? 0,
  );
  const overlap = stats.categoryOverlap;
  if (overlap.categories.length > 1) {
    const values = overlap.counts.map((row, i) => row.map((n) => n / Math.max(1, overlap.battles[i] ?? 0)));
    charts.push({
      kind: "heatmap",
      id: "category-overlap",
      title: t("charts.categoryOverlap"),
      labels: overlap.categories.map(categoryLabel),
      values,
      format: "percent1",
      palette: "sequential",
      domain: [0, 1],
      legend: ["0%", "100%"],
      note: t("charts.categoryOverlapNote"),
    } satisfies HeatmapChart);
  }
  return charts;
}
