// What `arena bench` prints: the bench's board as a table or CSV, the style-controlled scores, the agreement with a
// reference board, and the status of runs and judgings.
import type { BenchScore, JudgingStatus, StyleScoreResult } from "../bench";
import { benchMethodLabel } from "../bench";
import type { RunStatus } from "../evals";
import type { Agreement } from "../leaderboard";

const signed = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;

export function benchTable(result: BenchScore): string {
  const width = Math.max(5, ...result.models.map((m) => m.model.length));
  const lines = [
    `${benchMethodLabel(result)} · baseline ${result.baseline} · weight ${result.weight} · ${result.bootstrap} bootstrap rounds · judges: ${result.judges.join(", ") || "unknown"}`,
    `${"model".padEnd(width)}  score  95% CI          rating   much better/better/tie/worse/much worse · invalid${result.models.some((m) => m.avg_tokens !== undefined) ? " · avg tokens" : ""}`,
  ];
  for (const m of result.models) {
    const c = m.counts;
    const ci = `(${signed(m.ci[0] - m.score)}, ${signed(m.ci[1] - m.score)})`;
    lines.push(
      `${m.model.padEnd(width)}  ${m.score.toFixed(1).padStart(5)}  ${ci.padEnd(14)}  ${m.rating.toFixed(1).padStart(7)}  ` +
        `${c.much_better}/${c.better}/${c.tie}/${c.worse}/${c.much_worse} · ${c.invalid}` +
        (m.avg_tokens !== undefined ? ` · ${m.avg_tokens}` : ""),
    );
  }
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  return `${lines.join("\n")}\n`;
}

export function benchCsv(result: BenchScore): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const header = "model,score,lower,upper,rating,much_better,better,tie,worse,much_worse,invalid,questions,avg_tokens";
  const rows = result.models.map((m) =>
    [
      quote(m.model),
      m.score,
      m.ci[0],
      m.ci[1],
      m.rating,
      m.counts.much_better,
      m.counts.better,
      m.counts.tie,
      m.counts.worse,
      m.counts.much_worse,
      m.counts.invalid,
      m.questions,
      m.avg_tokens ?? "",
    ].join(","),
  );
  return `${[header, ...rows].join("\n")}\n`;
}

const share = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : "–");

export function agreementTable(a: Agreement, against: string): string {
  if (a.models.length < 2) return `\nagreement with ${against}: fewer than two shared models\n`;
  return (
    `\nagreement with ${against} over ${a.models.length} shared models: Spearman ${share(a.spearman)}, ` +
    `Kendall tau-b ${share(a.kendallTau)}, agreement with confidence ${share(a.agreementWithConfidence)} ` +
    `(${a.confidentPairs} separated pairs), separability ${share(a.separability.second)} (reference ` +
    `${share(a.separability.first)}), pair-rank Brier ${Number.isFinite(a.brier) ? a.brier.toFixed(3) : "–"}\n`
  );
}

export function styleTable(result: StyleScoreResult): string {
  const width = Math.max(5, ...result.models.map((m) => m.model.length));
  const lines = [
    "",
    `style-controlled (${result.controls.join(" + ")}) · coefficients: ${Object.entries(result.coefficients)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  ];
  for (const m of result.models) {
    const ci = `(${signed(m.ci[0] - m.score)}, ${signed(m.ci[1] - m.score)})`;
    lines.push(`${m.model.padEnd(width)}  ${m.score.toFixed(1).padStart(5)}  ${ci}`);
  }
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  return `${lines.join("\n")}\n`;
}

export function printRuns(statuses: RunStatus[], out: NodeJS.WritableStream) {
  out.write("runs\n");
  if (statuses.length === 0) out.write("  none yet (arena evals run SET --model MODEL)\n");
  for (const s of statuses) {
    const cost = s.costUsd === null ? "cost unknown" : `$${s.costUsd.toFixed(4)}`;
    out.write(
      `  ${s.id}  ${s.status.padEnd(9)} ${s.model} on ${s.set}: ${s.answered}/${s.items} answered, ${s.failed} failed, ${cost}\n`,
    );
  }
  out.write("judgings\n");
}

export function printJudgings(statuses: JudgingStatus[], out: NodeJS.WritableStream) {
  if (statuses.length === 0) out.write("no judgings yet (arena bench judge --set SET --anchor M --judge J)\n");
  for (const s of statuses) {
    const cost = s.costUsd === null ? "cost unknown (no judge prices)" : `$${s.costUsd.toFixed(4)}`;
    out.write(
      `${s.id}  ${s.status.padEnd(9)} ${s.candidate} vs ${s.anchor} by ${s.judge} on ${s.set}: ` +
        `${s.judged + s.invalid}/${s.games} games (${s.invalid} invalid, ${s.failed} failed), ${s.calls} calls, ` +
        `${s.inputTokens} tokens in, ${s.outputTokens} out, ${cost}${s.error ? ` — ${s.error}` : ""}\n`,
    );
  }
}
