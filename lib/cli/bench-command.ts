// `arena bench score`: a leaderboard from pairwise judgments against a baseline, from arena-hard-auto's or
// WildVision-Bench's judgment files (or ours, exported in that layout).
import fs from "node:fs";
import { parseArgs } from "node:util";
import { averageAnswerTokens, type BenchScore, judgmentFiles, readJudgments, scoreJudgments } from "../bench";
import { UsageError } from "./usage";

export const BENCH_HELP = `usage: arena bench score FILE_OR_FOLDER... --baseline MODEL [options]

Scores pairwise judgments against a baseline as arena-hard-auto v0.1 and WildVision-Bench do: JSON Lines, one
line per question {question_id, model, judge, games: [{score, judgment?}, …]}, game 1 with the baseline as A and
game 2 swapped; a missing score is parsed from the judgment text; anything but the five verdicts is invalid.

  --baseline MODEL         the anchor every candidate was judged against (required)
  --weight N               battles a strong verdict (>>) counts for (default 3)
  --bootstrap N            bootstrap rounds for the 95% interval (default 100)
  --seed S                 random seed of the bootstrap (default 0)
  --first-game-only        use only game 1 of each question
  --answers FILE_OR_FOLDER model answer files, for the average answer length per model
  --format table|json|csv  output format (default table)
  --out PATH               write the output to PATH instead of stdout`;

function intOption(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer ≥ ${min}, not '${value}'`);
  return n;
}

const signed = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;

export function benchTable(result: BenchScore): string {
  const width = Math.max(5, ...result.models.map((m) => m.model.length));
  const lines = [
    `baseline ${result.baseline} · weight ${result.weight} · ${result.bootstrap} bootstrap rounds · judges: ${result.judges.join(", ") || "unknown"}`,
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

export async function benchCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    out.write(`${BENCH_HELP}\n`);
    if (!sub) throw new UsageError("arena bench needs a subcommand: score");
    return;
  }
  if (sub !== "score") throw new UsageError(`unknown bench subcommand '${sub}' (this version has: score)`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      baseline: { type: "string" },
      weight: { type: "string" },
      bootstrap: { type: "string" },
      seed: { type: "string" },
      "first-game-only": { type: "boolean", default: false },
      answers: { type: "string", multiple: true },
      format: { type: "string", default: "table" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    out.write(`${BENCH_HELP}\n`);
    return;
  }
  if (positionals.length === 0) throw new UsageError("name the judgment files or their folder");
  if (!values.baseline)
    throw new UsageError("--baseline MODEL is required (the model every answer was judged against)");
  const format = values.format as string;
  if (!["table", "json", "csv"].includes(format))
    throw new UsageError(`--format takes table, json or csv, not '${format}'`);
  const avgTokens = values.answers?.length ? await averageAnswerTokens(judgmentFiles(values.answers)) : undefined;
  const result = await scoreJudgments(readJudgments(judgmentFiles(positionals)), {
    baseline: values.baseline,
    weight: intOption(values.weight, "weight", 3, 1),
    bootstrap: intOption(values.bootstrap, "bootstrap", 100, 0),
    seed: intOption(values.seed, "seed", 0, 0),
    firstGameOnly: values["first-game-only"],
    avgTokens,
  });
  const text =
    format === "json"
      ? `${JSON.stringify(result, null, 2)}\n`
      : format === "csv"
        ? benchCsv(result)
        : benchTable(result);
  if (values.out) fs.writeFileSync(values.out, text);
  else out.write(text);
}
