// The dataset statistics as the datasheet (README.md) of every export states them: Table 1's columns for battles
// and chats, and battles, chats, answer tokens and refusals per model.
import type { DatasetStatistics } from "./statistics-payload";

const cell = (v: number | null, digits = 1) => (v === null ? "–" : Number.isInteger(v) ? String(v) : v.toFixed(digits));

export function statisticsMarkdown(stats: DatasetStatistics, computedAt: Date): string {
  const datasets = stats.datasets
    .map(
      (d) =>
        `| ${d.name} | ${d.conversations} | ${d.models} | ${d.users} | ${d.languages} | ${cell(d.uniqueImagePercent)} | ` +
        `${cell(d.avgTurns, 2)} | ${cell(d.avgPromptTokens)} | ${cell(d.avgResponseTokens)} | ${d.humanPreference ? "yes" : "no"} |`,
    )
    .join("\n");
  const models = stats.models
    .map(
      (m) =>
        `| ${m.model} | ${m.battles} | ${m.chats} | ${cell(m.avgTokens)} | ${m.refusals} |` +
        ` ${m.rankPlain ?? "–"} | ${m.rankStyle ?? "–"} |`,
    )
    .join("\n");
  const outcomes = stats.outcomes.map((o) => `${o.key}: ${o.count}`).join(", ") || "none";
  return `## Dataset statistics

Of the whole released dataset (not only this export's filters), computed ${computedAt.toISOString()}, as on the
arena's /data page. Tokens are cl100k_base; % unique images is distinct first images over conversations with an image.

| dataset | conversations | models | users | languages | % unique images | avg. turns | avg. prompt tokens | avg. answer tokens | human preference |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${datasets}

Battle outcomes: ${outcomes}.

| model | battles | direct chats | avg. answer tokens | refusals | rank | rank with style control |
| --- | --- | --- | --- | --- | --- | --- |
${models || "| – | | | | | | |"}
`;
}
