// `arena evals sets …`: prompt sets for offline runs — import from arena-hard-auto's question layout, list, export.

import { parseArgs } from "node:util";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb, type Db } from "../db/context";
import {
  createRun,
  EvalRunError,
  executeRun,
  exportPromptSet,
  importPromptSet,
  listPromptSets,
  queueRun,
  type RunStatus,
  runStatuses,
} from "../evals";
import { closeSenders } from "../jobs";
import { flags, intOption, switches } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";

export const EVALS_HELP = `usage: arena evals run SET[@VERSION] --model MODEL [--system TEXT] [--temperature T] [--max-tokens N]
                       [--here] [--wait] [--concurrency N]
       arena evals status [RUN]
       arena evals resume RUN [--here] [--wait]
       arena evals sets list
       arena evals sets import FILE --name NAME [--images DIR] [--licence TEXT] [--description TEXT]
       arena evals sets export NAME[@VERSION] --out DIR

Prompt sets in arena-hard-auto's question layout: one JSON line per item {question_id, category, turns:
[{content}]}; the first turn's content is the text, or [text, [image, …]] with the images in DIR (default: the
images folder beside FILE), found as <ref> or <ref>.jpg|.png|.webp|.jpeg|.gif. Every import of a name is a new
version; a bad line stops the import with one line naming the file, the line and the field, and writes nothing.
Export writes question.jsonl, images/<sha256>.<ext> and a README with the source and licence.

A run answers every item of a set with one registered model. It is queued for the jobs process (npm start / npm
run dev run one); --here runs it in this process instead, --wait follows it with a progress bar. Each answer is
stored when complete, so a run stopped at any point resumes (arena evals resume RUN) with only the missing and
failed items. Calls per provider are limited (--concurrency, ARENA_EVAL_CONCURRENCY, default 4), paused by 429 with
Retry-After and retried with backoff; tokens and a cost estimate (the model's prices) are kept per answer.`;

async function followRun(db: Db, runId: string): Promise<void> {
  const bar = progressBar("answers");
  for (;;) {
    const [status] = await runStatuses(db, runId);
    if (!status) throw new EvalRunError(`no run '${runId}'`);
    bar.update(status.answered + status.failed, status.items);
    if (["done", "failed", "cancelled"].includes(status.status) && status.answered + status.failed >= status.items)
      break;
    if (status.status === "failed" || status.status === "cancelled") break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  bar.done();
}

function printStatus(statuses: RunStatus[]) {
  if (statuses.length === 0) process.stdout.write("no runs yet (arena evals run SET --model MODEL)\n");
  for (const s of statuses) {
    const cost = s.costUsd === null ? "cost unknown (no prices)" : `$${s.costUsd.toFixed(4)}`;
    process.stdout.write(
      `${s.id}  ${s.status.padEnd(9)} ${s.model} on ${s.set}: ${s.answered}/${s.items} answered, ${s.failed} failed, ` +
        `${s.inputTokens} tokens in, ${s.outputTokens} out, ${cost}${s.error ? ` — ${s.error}` : ""}\n`,
    );
  }
}

async function runCommand(db: Db, url: string, action: string, rest: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...flags("model", "system", "temperature", "max-tokens", "concurrency"),
      ...switches("here", "wait"),
    },
  });
  if (action === "status") {
    printStatus(await runStatuses(db, positionals[0]));
    return;
  }
  let runId: string;
  if (action === "run") {
    if (positionals.length !== 1 || !values.model) throw new UsageError("arena evals run needs SET and --model MODEL");
    const number = (v: string | undefined, name: string) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, not '${v}'`);
      return n;
    };
    const run = await createRun(db, {
      set: positionals[0] as string,
      model: values.model,
      settings: {
        ...(values.system ? { system: values.system } : {}),
        ...(values.temperature !== undefined ? { temperature: number(values.temperature, "temperature") } : {}),
        ...(values["max-tokens"] !== undefined ? { maxTokens: number(values["max-tokens"], "max-tokens") } : {}),
      },
    });
    runId = run.id;
    process.stdout.write(`run ${runId}: ${values.model} on ${positionals[0]}\n`);
  } else {
    if (positionals.length !== 1) throw new UsageError("arena evals resume needs RUN");
    runId = positionals[0] as string;
    if (!(await runStatuses(db, runId).catch(() => [])).length) throw new EvalRunError(`no run '${runId}'`);
  }
  if (values.here) {
    const bar = progressBar("answers");
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once("SIGINT", stop);
    try {
      const result = await executeRun(db, runId, {
        signal: controller.signal,
        concurrency: intOption(values.concurrency, "concurrency", undefined, 1),
        onProgress: (d, t) => bar.update(d, t),
      });
      bar.done();
      process.stdout.write(`${result.status}: ${result.answered} answered, ${result.failed} failed\n`);
    } finally {
      process.off("SIGINT", stop);
    }
    return;
  }
  try {
    await queueRun(runId, { url });
  } finally {
    await closeSenders();
  }
  process.stdout.write("queued for the jobs process\n");
  if (values.wait) await followRun(db, runId);
}

export async function evalsCommand(argv: string[]): Promise<void> {
  const [group, action, ...rest] = argv;
  if (!group || group === "--help" || group === "-h" || action === "--help" || action === "-h") {
    process.stdout.write(`${EVALS_HELP}\n`);
    if (!group) throw new UsageError("arena evals needs a subcommand (try: arena evals --help)");
    return;
  }
  if (["run", "status", "resume"].includes(group)) {
    const database = await prepareDatabase();
    const db = createDb(database.url);
    try {
      await runCommand(
        db,
        database.url,
        group,
        [action, ...rest].filter((a): a is string => a !== undefined),
      );
    } finally {
      await closeDb(db);
      await database.stop();
    }
    return;
  }
  if (group !== "sets" || !["list", "import", "export"].includes(action ?? "")) {
    throw new UsageError("arena evals takes: run | status | resume | sets list | sets import | sets export");
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...flags("name", "images", "licence", "description", "out"),
    },
  });
  if (action === "import" && (positionals.length !== 1 || !values.name)) {
    throw new UsageError("arena evals sets import needs one FILE and --name NAME");
  }
  if (action === "export" && (positionals.length !== 1 || !values.out)) {
    throw new UsageError("arena evals sets export needs NAME[@VERSION] and --out DIR");
  }
  const database = await prepareDatabase();
  const db = createDb(database.url);
  try {
    if (action === "list") {
      const sets = await listPromptSets(db);
      if (sets.length === 0) process.stdout.write("no prompt sets yet (arena evals sets import FILE --name NAME)\n");
      for (const s of sets) {
        process.stdout.write(
          `${`${s.name}@${s.version}`.padEnd(32)} ${String(s.items).padStart(6)} items  ${s.licence ?? "licence not stated"}  ${s.source}\n`,
        );
      }
    } else if (action === "import") {
      const bar = progressBar("images");
      const set = await importPromptSet(db, {
        file: positionals[0] as string,
        name: values.name as string,
        imagesDir: values.images,
        licence: values.licence,
        description: values.description,
        onProgress: (d, t) => bar.update(d, t),
      });
      bar.done();
      process.stdout.write(`imported ${set.items} items (${set.images} images) as ${set.name}@${set.version}\n`);
    } else {
      const written = await exportPromptSet(db, positionals[0] as string, values.out as string);
      process.stdout.write(
        `wrote ${written.items} items and ${written.images} images of ${written.name}@${written.version} to ${values.out}\n`,
      );
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
