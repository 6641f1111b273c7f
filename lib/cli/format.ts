// How `arena leaderboard` prints a leaderboard: an aligned table, JSON, or CSV.
import { type Leaderboard, type ModelRating, roundedRating } from "../ratings";
import type { Evidence } from "../ratings/evidence";
// the CSV cell alone: lib/text's index also loads the token counter (js-tiktoken, ~18 ms of every start-up)
import { csvCell } from "../text/csv";

const round = (value: number, digits: number) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/**
 * A model's listing as the API gives it (lib/leaderboard/board-method.ts): a model under --min-votes is preliminary,
 * listed after the ranked ones with no rank, no interval and no tier (a rank from a dozen votes claims a precision
 * the data do not have).
 */
function listed(m: ModelRating) {
  const rounded = roundedRating(m);
  if (m.ranked) return { ...rounded, tier: m.tier, preliminary: false };
  return { ...rounded, rank: null, ciLower: null, ciUpper: null, tier: null, preliminary: true };
}

/** The fragility as every format gives it: the votes that would swap a model with the next ranked one below. */
const fragilityOf = (m: ModelRating) =>
  m.fragility ? { votes: m.fragility.votes, approximate: m.fragility.approximate, with: m.fragility.with } : null;

/** The JSON shape of one leaderboard (the fields documented in the README, then extras). */
export function leaderboardJson(board: Leaderboard, extra: Record<string, unknown> = {}) {
  const withFragility = board.models.some((m) => m.fragility !== undefined);
  return {
    battles: board.battles,
    components: board.components,
    warnings: board.warnings,
    models: board.models.map((m) => ({
      ...listed(m),
      wins: m.wins,
      losses: m.losses,
      ties: m.ties,
      bothBad: m.bothBad,
      ...(board.components > 1 ? { component: m.component } : {}),
      ...(withFragility ? { fragility: fragilityOf(m) } : {}),
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

/** What the table's fragility column says: the votes, or why there are none. */
function fragilityText(m: ModelRating): string {
  if (!m.ranked) return "";
  if (!m.fragility) return "-";
  return m.fragility.votes === null ? "none found" : `${m.fragility.votes} (${m.fragility.with})`;
}

export function leaderboardTable(board: Leaderboard, title: string): string {
  const withFragility = board.models.some((m) => m.fragility !== undefined);
  const header = ["Rank (UB)", "Tier", "Model", "Rating", "95% CI", "Votes", "Win rate"];
  if (withFragility) header.push("Votes to swap");
  const rows = board.models.map((m) => {
    const row = [
      m.ranked ? String(m.rank) : "-",
      m.tier === null ? "" : String(m.tier),
      m.model,
      m.rating.toFixed(1),
      !m.ranked ? "preliminary" : board.ci === "none" ? "" : intervalText(m.rating, m.ciLower, m.ciUpper),
      String(m.votes),
      `${(m.winRate * 100).toFixed(1)}%`,
    ];
    if (withFragility) row.push(fragilityText(m));
    return row;
  });
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => (r[k] as string).length)));
  const right = new Set([0, 1, 3, 5, 6]);
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
  const withFragility = boards.some(({ board }) => board.models.some((m) => m.fragility !== undefined));
  const header = "category,rank,model,rating,ci_lower,ci_upper,votes,wins,losses,ties,win_rate,tier,preliminary";
  const lines = [withFragility ? `${header},fragility_votes,fragility_approximate,fragility_with` : header];
  for (const { category, board } of boards) {
    for (const m of board.models) {
      const interval = m.ranked ? [m.ciLower.toFixed(3), m.ciUpper.toFixed(3)] : ["", ""];
      const cells: (string | number | boolean | null)[] = [
        category,
        m.ranked ? m.rank : "",
        m.model,
        m.rating.toFixed(3),
      ];
      cells.push(...interval, m.votes, m.wins, m.losses, m.ties, m.winRate.toFixed(4), m.tier ?? "", !m.ranked);
      if (withFragility) {
        const f = fragilityOf(m);
        cells.push(f?.votes ?? "", f?.approximate ?? "", f?.with ?? "");
      }
      lines.push(cells.map(csvCell).join(","));
    }
  }
  return `${lines.join("\n")}\n`;
}

const VERDICT = { true: "FIRES", false: "clear", null: "n/a" } as const;

/** The evidence panel as lines under the table: each probe's verdict, what it found, and its bar. */
export function evidenceText(evidence: Evidence): string {
  const lines = ["Evidence (each probe fires when its bar is crossed):"];
  for (const probe of evidence.probes) {
    lines.push(`  ${VERDICT[String(probe.fired) as keyof typeof VERDICT].padEnd(5)}  ${probe.id}: ${probe.finding}`);
    lines.push(`         bar: ${probe.bar}`);
  }
  return lines.join("\n");
}
