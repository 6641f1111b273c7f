// `arena bench …`: VisionArena-Bench from the command line — curate, judge, status, export — and `arena bench score`,
// a leaderboard from pairwise judgments against a baseline, from arena-hard-auto's or
// WildVision-Bench's judgment files (or ours, exported in that layout).
import fs from "node:fs";
import { parseArgs } from "node:util";
import {
  type AnswerStyle,
  type BenchScore,
  benchDefaults,
  executeJudging,
  exportStoredBench,
  type JudgmentRecord,
  judgingStatuses,
  judgmentFiles,
  loadStoredBench,
  planJudgings,
  queueJudging,
  readJudgments,
  STYLE_CONTROLS,
  type StyleControl,
  type StyleScoreResult,
} from "../bench";
import {
  BENCH_METHODS,
  type BenchMethod,
  computeBenchBoard,
  curateBench,
  readAnswerFiles,
  scoreArenaHardV2,
  scoreArenaHardV2Style,
  scoreJudgments,
  scoreStyleControlled,
} from "../bench/engine";
import { runStatuses } from "../evals";
import { closeSenders } from "../jobs";
import { type Agreement, compareBoards } from "../leaderboard";
import { referenceBoard } from "../leaderboard/import";
import { agreementTable, benchCsv, benchTable, printJudgings, printRuns, styleTable } from "./bench-output";
import { flags, intOption, switches } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";
import { withDb } from "./with-db";

export const BENCH_HELP = `usage: arena bench curate [--name NAME] [--size N] [--seed S] [--embedder MODEL] [--min-cluster-size N]
       arena bench judge --set SET --anchor MODEL --judge MODEL [--models A,B,…] [--here] [--wait] [--concurrency N]
       arena bench status [JUDGING]          runs and judgings: progress, tokens, cost
       arena bench score --set SET --anchor MODEL [--judge MODEL] [options]
       arena bench score FILE_OR_FOLDER... --baseline MODEL [options]
       arena bench export --set SET --anchor MODEL [--judge MODEL] --out DIR

VisionArena-Bench. curate: single-turn English battles with images (not demo, preset or moderated), embedded
(--embedder: an OpenAI-compatible embedding model of the registry; default the local TF-IDF + image features),
reduced with UMAP, clustered (HDBSCAN, k-means when HDBSCAN finds mostly noise), sampled uniformly over topics to
--size prompts (default 500) without near-duplicates, stored as a new version of the prompt set NAME (default
visionarena-bench). Then answer it with arena evals run SET --model M for the anchor and every candidate.
judge: the judge compares each candidate's newest run with the anchor's, twice with the positions swapped, with
arena-hard-auto's judge prompt structure; every judgment is stored, so rerunning asks only the missing ones.

score scores pairwise judgments against a baseline as arena-hard-auto v0.1 and WildVision-Bench do: ours (--set,
--anchor) or their files: JSON Lines, one line per question {question_id, model, judge, games: [{score, judgment?}, …]}, game 1 with the baseline as A and
game 2 swapped; a missing score is parsed from the judgment text; anything but the five verdicts is invalid.

  --baseline MODEL         the anchor every candidate was judged against (required with files)
  --set SET --anchor MODEL our judgments of SET against MODEL (--judge JUDGE when more than one judged)
  --weight N               battles a strong verdict (>>) counts for (default 3)
  --bootstrap N            bootstrap rounds for the 95% interval (default 100)
  --seed S                 random seed of the bootstrap (default 0)
  --first-game-only        use only game 1 of each question (v0.1)
  --method M               arena-hard-v0.1 (default: Bradley–Terry, as WildVision-Bench publishes) or arena-hard-v2
                           (the current release: no fit, strong verdicts 3, ties ½, both games, the mean of 100
                           bootstrap resamples per model with the 5th–95th percentile; with --style-control a
                           logistic fit on model indicators and z-scored length/markdown features, the median win
                           probability against the baseline over 100 bootstrap fits); v2's judgment files carry uid
                           and category
  --category NAME          only judgments of this category (v2 files carry one: hard_prompt, creative_writing, …)
  --answers FILE_OR_FOLDER model answer files, for the average answer length per model (and style control)
  --style-control          also the style-controlled score (arena-hard-auto v2: length and markdown density)
  --style-features LIST    which: length,markdown (default both)
  --against live|SOURCE    agreement with the live overall board or an imported one (arena import): Spearman,
                           Kendall tau-b, agreement with confidence, separability, pair-rank Brier (Table 4)
  --format table|json|csv  output format (default table)
  --out PATH               write the output to PATH instead of stdout`;

export async function benchCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const [sub, ...rest] = argv;
  if (!sub || sub === "--help" || sub === "-h") {
    out.write(`${BENCH_HELP}\n`);
    if (!sub) throw new UsageError("arena bench needs a subcommand: curate, judge, status, score or export");
    return;
  }
  if (sub === "curate") return curateCommand(rest, out);
  if (sub === "judge") return judgeCommand(rest, out);
  if (sub === "status") {
    return withDb(async (db) => {
      if (!rest[0]) printRuns(await runStatuses(db), out);
      printJudgings(await judgingStatuses(db, rest[0]), out);
    });
  }
  if (sub === "export") return exportCommand(rest, out);
  if (sub !== "score") {
    throw new UsageError(`unknown bench subcommand '${sub}' (curate, judge, status, score, export)`);
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...flags("baseline", "set", "anchor", "judge", "weight", "bootstrap", "seed"),
      "first-game-only": { type: "boolean", default: false },
      method: { type: "string", default: "arena-hard-v0.1" },
      category: { type: "string" },
      answers: { type: "string", multiple: true },
      "style-control": { type: "boolean", default: false },
      ...flags("style-features", "against"),
      format: { type: "string", default: "table" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    out.write(`${BENCH_HELP}\n`);
    return;
  }
  const format = values.format as string;
  if (!["table", "json", "csv"].includes(format))
    throw new UsageError(`--format takes table, json or csv, not '${format}'`);
  const controls = styleControls(values["style-features"]);
  const scoring = {
    weight: intOption(values.weight, "weight", 3, 1),
    bootstrap: intOption(values.bootstrap, "bootstrap", 100, 0),
    seed: intOption(values.seed, "seed", 0, 0),
    firstGameOnly: values["first-game-only"],
  };
  const method = values.method as BenchMethod;
  if (!(BENCH_METHODS as readonly string[]).includes(method))
    throw new UsageError(`--method takes ${BENCH_METHODS.join(" or ")}, not '${method}'`);
  let result: BenchScore;
  let styled: StyleScoreResult | undefined;
  const wantStyle = values["style-control"] || values["style-features"] !== undefined;
  if (method === "arena-hard-v2") {
    if (values["first-game-only"])
      throw new UsageError("arena-hard-auto v2 always uses both games: no --first-game-only");
    result = await scoreV2(values, positionals, { ...scoring, controls, wantStyle });
  } else if (values.set) {
    const anchor = values.anchor ?? values.baseline ?? benchDefaults().anchor;
    if (!anchor) throw new UsageError("--anchor MODEL is required with --set");
    if (positionals.length) throw new UsageError("give either --set or judgment files, not both");
    const stored = await withDb((db) =>
      loadStoredBench(db, { set: values.set as string, anchor, judge: values.judge }),
    );
    const records = inCategory(stored.records, values.category);
    result = await scoreJudgments(records, { baseline: anchor, ...scoring, avgTokens: stored.avgTokens });
    if (stored.pending) result.warnings.push(`${stored.pending} questions are not fully judged yet (left out)`);
    if (wantStyle)
      styled = await scoreStyleControlled(inCategory(stored.records, values.category), stored.styles, {
        baseline: anchor,
        controls,
        ...scoring,
      });
  } else {
    if (positionals.length === 0) throw new UsageError("name the judgment files or their folder (or --set SET)");
    if (!values.baseline)
      throw new UsageError("--baseline MODEL is required (the model every answer was judged against)");
    const baseline = values.baseline;
    const facts = values.answers?.length ? await readAnswerFiles(judgmentFiles(values.answers)) : undefined;
    result = await scoreJudgments(inCategory(readJudgments(judgmentFiles(positionals)), values.category), {
      baseline,
      ...scoring,
      avgTokens: facts?.avgTokens,
    });
    if (wantStyle) {
      if (!facts?.styles.size) {
        throw new UsageError(
          "style control needs --answers with metadata (token_len, header_count, list_count, bold_count)",
        );
      }
      styled = await scoreStyleControlled(
        inCategory(readJudgments(judgmentFiles(positionals)), values.category),
        facts.styles as Map<string, Map<string, AnswerStyle>>,
        {
          baseline,
          controls,
          ...scoring,
        },
      );
    }
  }
  let agreement: Agreement | undefined;
  if (values.against) {
    const reference = await withDb((db) => referenceBoard(db, values.against as string));
    agreement = compareBoards(
      reference,
      result.models.map((m) => ({ model: m.model, rating: m.score, ciLower: m.ci[0], ciUpper: m.ci[1] })),
    );
  }
  const extras = { ...(styled ? { style_controlled: styled } : {}), ...(agreement ? { agreement } : {}) };
  const text =
    format === "json"
      ? `${JSON.stringify({ ...result, ...extras }, null, 2)}\n`
      : format === "csv"
        ? benchCsv(result)
        : benchTable(result) +
          (styled ? styleTable(styled) : "") +
          (agreement ? agreementTable(agreement, values.against as string) : "");
  if (values.out) fs.writeFileSync(values.out, text);
  else out.write(text);
}

/** Only the judgments of `category`, when one is asked for. */
async function* inCategory(records: AsyncIterable<JudgmentRecord> | Iterable<JudgmentRecord>, category?: string) {
  for await (const record of records) if (category === undefined || record.category === category) yield record;
}

/** `--method arena-hard-v2`: our stored judgments or their files, with or without style control. */
async function scoreV2(
  values: { set?: string; anchor?: string; baseline?: string; judge?: string; answers?: string[]; category?: string },
  positionals: string[],
  options: { weight: number; bootstrap: number; seed: number; controls?: StyleControl[]; wantStyle: boolean },
): Promise<BenchScore> {
  const common = {
    weight: options.weight,
    bootstrap: options.bootstrap,
    seed: options.seed,
    category: values.category,
  };
  const controls = options.controls ?? [...STYLE_CONTROLS];
  if (values.set) {
    const anchor = values.anchor ?? values.baseline ?? benchDefaults().anchor;
    if (!anchor) throw new UsageError("--anchor MODEL is required with --set");
    if (positionals.length) throw new UsageError("give either --set or judgment files, not both");
    const stored = await withDb((db) =>
      loadStoredBench(db, { set: values.set as string, anchor, judge: values.judge }),
    );
    const v2 = { ...common, baseline: anchor, avgTokens: stored.avgTokens, fileScoresOnly: false };
    return options.wantStyle
      ? scoreArenaHardV2Style(stored.records, stored.styles, { ...v2, controls })
      : scoreArenaHardV2(stored.records, v2);
  }
  if (positionals.length === 0) throw new UsageError("name the judgment files or their folder (or --set SET)");
  if (!values.baseline)
    throw new UsageError("--baseline MODEL is required (the model every answer was judged against)");
  const facts = values.answers?.length ? await readAnswerFiles(judgmentFiles(values.answers)) : undefined;
  const v2 = { ...common, baseline: values.baseline, avgTokens: facts?.avgTokens };
  if (!options.wantStyle) return scoreArenaHardV2(readJudgments(judgmentFiles(positionals)), v2);
  if (!facts?.styles.size)
    throw new UsageError(
      "style control needs --answers with metadata (token_len, header_count, list_count, bold_count)",
    );
  return scoreArenaHardV2Style(
    readJudgments(judgmentFiles(positionals)),
    facts.styles as Map<string, Map<string, AnswerStyle>>,
    { ...v2, controls },
  );
}

function styleControls(value: string | undefined): StyleControl[] | undefined {
  if (value === undefined) return undefined;
  const list = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  for (const v of list) {
    if (!(STYLE_CONTROLS as readonly string[]).includes(v)) {
      throw new UsageError(`--style-features takes ${STYLE_CONTROLS.join(",")}, not '${v}'`);
    }
  }
  return list as StyleControl[];
}

async function curateCommand(rest: string[], out: NodeJS.WritableStream) {
  const { values } = parseArgs({
    args: rest,
    options: {
      ...flags("name", "size", "seed", "embedder", "min-cluster-size"),
    },
  });
  const bar = progressBar("curating");
  const result = await withDb((db) =>
    curateBench(db, {
      name: values.name,
      size: intOption(values.size, "size", 500, 1),
      seed: intOption(values.seed, "seed", 0, 0),
      embedder: values.embedder ?? benchDefaults().embedder,
      minClusterSize: values["min-cluster-size"]
        ? intOption(values["min-cluster-size"], "min-cluster-size", 3, 2)
        : undefined,
      onProgress: (_step, d, t) => bar.update(d, t),
    }),
  );
  bar.done();
  out.write(
    `${result.set.name}@${result.set.version}: ${result.selected} prompts from a pool of ${result.pool} ` +
      `(${result.method}, ${result.topics.length} topics, ${result.duplicates} near-duplicates dropped, embedder ${result.embedder})\n`,
  );
  for (const topic of result.topics)
    out.write(`  ${String(topic.selected).padStart(4)} of ${String(topic.size).padStart(4)}  ${topic.label}\n`);
}

async function judgeCommand(rest: string[], out: NodeJS.WritableStream) {
  const { values } = parseArgs({
    args: rest,
    options: {
      ...flags("set", "anchor", "judge", "models", "concurrency"),
      ...switches("here", "wait"),
    },
  });
  const defaults = benchDefaults();
  values.anchor ??= defaults.anchor;
  values.judge ??= defaults.judge;
  if (!values.set || !values.anchor || !values.judge) {
    throw new UsageError(
      "arena bench judge needs --set SET --anchor MODEL --judge MODEL (or ARENA_BENCH_ANCHOR / ARENA_BENCH_JUDGE)",
    );
  }
  await withDb(async (db, url) => {
    const { judgings } = await planJudgings(db, {
      set: values.set as string,
      anchor: values.anchor as string,
      judge: values.judge as string,
      models: values.models
        ?.split(",")
        .map((m) => m.trim())
        .filter(Boolean),
    });
    for (const { model, judging } of judgings) out.write(`judging ${judging.id}: ${model} vs ${values.anchor}\n`);
    if (values.here) {
      const controller = new AbortController();
      const stop = () => controller.abort();
      process.once("SIGINT", stop);
      try {
        for (const { model, judging } of judgings) {
          const bar = progressBar(model);
          const r = await executeJudging(db, judging.id, {
            signal: controller.signal,
            concurrency: values.concurrency ? intOption(values.concurrency, "concurrency", 4, 1) : undefined,
            onProgress: (d, t) => bar.update(d, t),
          });
          bar.done();
          out.write(
            `${model}: ${r.status}, ${r.judged} judged, ${r.invalid} invalid, ${r.failed} failed, ${r.skipped} already judged\n`,
          );
          if (controller.signal.aborted) break;
        }
        const last = judgings.at(-1);
        if (last && !controller.signal.aborted) await computeBenchBoard(db, { judgeRunId: last.judging.id });
      } finally {
        process.off("SIGINT", stop);
      }
      return;
    }
    try {
      for (const { judging } of judgings) await queueJudging(judging.id, { url });
    } finally {
      await closeSenders();
    }
    out.write("queued for the jobs process\n");
    if (!values.wait) return;
    const bar = progressBar("judging");
    for (;;) {
      const statuses = (await judgingStatuses(db)).filter((s) => judgings.some((j) => j.judging.id === s.id));
      const games = statuses.reduce((n, s) => n + s.games, 0);
      const doneGames = statuses.reduce((n, s) => n + s.judged + s.invalid + s.failed, 0);
      bar.update(doneGames, games);
      if (statuses.every((s) => ["done", "failed", "cancelled"].includes(s.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    bar.done();
    printJudgings(
      (await judgingStatuses(db)).filter((s) => judgings.some((j) => j.judging.id === s.id)),
      out,
    );
  });
}

async function exportCommand(rest: string[], out: NodeJS.WritableStream) {
  const { values } = parseArgs({
    args: rest,
    options: {
      ...flags("set", "anchor", "judge", "out"),
    },
  });
  if (!values.set || !values.anchor || !values.out) {
    throw new UsageError("arena bench export needs --set SET --anchor MODEL --out DIR");
  }
  const written = await withDb((db) =>
    exportStoredBench(
      db,
      { set: values.set as string, anchor: values.anchor as string, judge: values.judge },
      values.out as string,
    ),
  );
  out.write(
    `wrote ${written.records} judged questions by ${written.judge} to ${written.judgmentDir} and answers to ${written.answerDir}` +
      `${written.pending ? ` (${written.pending} not fully judged, left out)` : ""}\n`,
  );
}
