// How `arena leaderboard` prints a leaderboard: an aligned table, JSON, or CSV.
import { type Leaderboard, roundedRating } from "../ratings";
// the CSV cell alone: lib/text's index also loads the token counter (js-tiktoken, ~18 ms of every start-up)
import { csvCell } from "../text/csv";

const round = (value: number, digits: number) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** The JSON shape of one leaderboard (the fields documented in the README, then extras). */
export function leaderboardJson(board: Leaderboard, extra: Record<string, unknown> = {}) {
  return {
    battles: board.battles,
    components: board.components,
    warnings: board.warnings,
    models: board.models.map((m) => ({
      ...roundedRating(m),
      wins: m.wins,
      losses: m.losses,
      ties: m.ties,
      bothBad: m.bothBad,
      ...(board.components > 1 ? { component: m.component } : {}),
    })),
    ...(board.styleCoefficients
      ? {
          styleCoefficients: board.styleCoefficients.map((c) => ({
            feature: c.feature,
            value: round(c.value, 5),
            ciLower: round(c.ciLower, 5),
            ciUpper: round(c.ciUpper, 5),
          })),
        }
      : {}),
    ...(board.groups ? { groups: board.groups } : {}),
    ci: board.ci,
    bootstrapRounds: board.bootstrapRounds,
    seed: board.seed,
    styleControl: board.styleControl,
    ...extra,
    ...(board.matrices ? { matrices: board.matrices } : {}),
  };
}

export function intervalText(rating: number, lower: number, upper: number): string {
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return "n/a";
  return `+${Math.round(upper - rating)}/-${Math.round(rating - lower)}`;
}

export function leaderboardTable(board: Leaderboard, title: string): string {
  const header = ["Rank (UB)", "Model", "Rating", "95% CI", "Votes", "Win rate"];
  const rows = board.models.map((m) => [
    String(m.rank),
    m.model,
    m.rating.toFixed(1),
    board.ci === "none" ? "" : intervalText(m.rating, m.ciLower, m.ciUpper),
    String(m.votes),
    `${(m.winRate * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => (r[k] as string).length)));
  const right = new Set([0, 2, 4, 5]);
  const line = (cells: string[]) =>
    cells.map((c, k) => (right.has(k) ? c.padStart(widths[k] as number) : c.padEnd(widths[k] as number))).join("  ");
  const out = [title, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
  if (board.styleCoefficients) {
    out.push("", "Style coefficients (per standard deviation of the feature, log-odds):");
    for (const c of board.styleCoefficients) {
      out.push(`  ${c.feature.padEnd(8)} ${c.value.toFixed(4)}  [${c.ciLower.toFixed(4)}, ${c.ciUpper.toFixed(4)}]`);
    }
  }
  return out.join("\n");
}

export function leaderboardCsv(boards: { category: string; board: Leaderboard }[]): string {
  const lines = ["category,rank,model,rating,ci_lower,ci_upper,votes,wins,losses,ties,win_rate"];
  for (const { category, board } of boards) {
    for (const m of board.models) {
      lines.push(
        [
          category,
          m.rank,
          m.model,
          m.rating.toFixed(3),
          m.ciLower.toFixed(3),
          m.ciUpper.toFixed(3),
          m.votes,
          m.wins,
          m.losses,
          m.ties,
          m.winRate.toFixed(4),
        ]
          .map(csvCell)
          .join(","),
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
