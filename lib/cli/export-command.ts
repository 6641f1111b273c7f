// `arena export`: a research dataset folder (and optionally its zip) from the database.

import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { chunksOf, zipDirectory } from "../export/archive";
import { exportBoards } from "../export/boards";
import { exportEvalResults } from "../export/eval-results";
import { exportDataset } from "../export/export";
import { exportLicence } from "../export/licence";
import { exportSft } from "../export/sft";
import { flags, help, intOption, switches } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";

/** The CPU this process used so far, every thread's (the Parquet thread's, the garbage collector's helpers'). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

export const EXPORT_HELP = `usage: arena export --out DIR [options]
       arena export --sft --out DIR [--model ID ...] [--top N] [--redact] [--blur-faces]
       arena export --boards --out DIR [--format parquet,csv]

Writes battles (clean-battle layout) and direct chats as JSONL and Parquet, the images they show, and a datasheet.
  --out DIR            the dataset folder (created)
  --from DATE          votes from this date or time on (ISO 8601)
  --to DATE            votes before this date or time
  --anonymous-only     only battles whose models stayed anonymous
  --category NAME      only battles with this label (repeatable)
  --model ID           only battles between these models (repeatable)
  --min-votes N        only battles whose models both have at least N battles in the export
  --cohorts            include the cohorts' battles and chats (\`?c=<name>\`), each with its tag (left out by default)
  --format F           jsonl, parquet or jsonl,parquet (default)
  --salt S             salt of the judge hashes (default: random, so hashes differ between exports)
  --redact             replace e-mail addresses, phone numbers, ID-like numbers, street addresses and personal
                       names in the text by [email], [phone], [id], [address], [name]
  --blur-faces         blur every face the local detector finds in the images
  --no-images          leave the image files out
  --no-chats           leave the direct chats out
  --zip FILE           also pack the folder as one zip archive (streamed; what the research page downloads)

  --sft                the chat release for fine-tuning instead (VisionArena §5): conversations of the chosen
                       models from direct chats and battle sides, in the LLaVA layout (sft.json) with images/
  --top N              with --sft and no --model: the top N models of the overall leaderboard (default 5)

  --boards             the boards as citable data instead: every board over time in the layout of LMArena's
                       leaderboard dataset (boards/<subset>/{latest,full}.{parquet,csv} and a dataset card), and each
                       model's ground-truth results as Hugging Face .eval_results files (eval_results/<model>/);
                       --format takes parquet, csv or parquet,csv (default)`;

/** The folder as a zip, written chunk by chunk; returns its size. */
async function writeZip(dir: string, file: string): Promise<number> {
  const root = path.basename(path.resolve(dir));
  const out = fs.createWriteStream(file);
  let bytes = 0;
  for await (const chunk of chunksOf(zipDirectory(dir, root))) {
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return bytes;
}

function date(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new UsageError(`${name} must be a date like 2026-01-31: '${value}'`);
  return parsed;
}

export async function exportCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...flags("out", "from", "to"),
      "anonymous-only": { type: "boolean", default: false },
      category: { type: "string", multiple: true },
      model: { type: "string", multiple: true },
      "min-votes": { type: "string" },
      format: { type: "string" },
      salt: { type: "string" },
      ...switches("redact", "blur-faces", "no-images", "no-chats", "cohorts"),
      zip: { type: "string" },
      sft: { type: "boolean", default: false },
      boards: { type: "boolean", default: false },
      top: { type: "string" },
      help,
    },
  });
  if (values.help) {
    process.stdout.write(`${EXPORT_HELP}\n`);
    return;
  }
  if (!values.out) throw new UsageError("--out DIR is required (try: arena export --help)");
  if (values.boards) {
    await boardsExport(values.out, values.format ?? "parquet,csv");
    return;
  }
  const formats = (values.format ?? "jsonl,parquet").split(",").map((f) => f.trim());
  if (formats.length === 0 || formats.some((f) => f !== "jsonl" && f !== "parquet")) {
    throw new UsageError("--format takes jsonl, parquet or jsonl,parquet");
  }
  const minVotes = intOption(values["min-votes"], "min-votes", undefined, 1);
  const top = intOption(values.top, "top", 5, 1);
  const database = await prepareDatabase();
  const db = createDb(database.url);
  const bar = progressBar("export");
  try {
    if (values.sft) {
      const started = Date.now();
      const summary = await exportSft(db, {
        outDir: values.out,
        models: values.model,
        top,
        redact: values.redact,
        blurFaces: values["blur-faces"],
        licence: await exportLicence(db),
        onProgress: (d, t) => bar.update(d, t),
      });
      bar.done();
      process.stdout.write(
        `${summary.conversations} conversations (${summary.fromChats} chats, ${summary.fromBattles} battle sides), ` +
          `${summary.turns} turns, ${summary.images} images of ${summary.models.join(", ")} → ${values.out}/sft.json ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
      return;
    }
    const started = Date.now();
    const summary = await exportDataset(db, {
      outDir: values.out,
      filters: {
        from: date(values.from, "--from"),
        to: date(values.to, "--to"),
        anonymousOnly: values["anonymous-only"],
        categories: values.category,
        models: values.model,
        minVotes,
        cohorts: values.cohorts,
      },
      formats: formats as ("jsonl" | "parquet")[],
      salt: values.salt,
      redact: values.redact,
      blurFaces: values["blur-faces"],
      images: !values["no-images"],
      chats: !values["no-chats"],
      licence: await exportLicence(db),
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.done();
    const blurred = summary.blurred ? ` (${summary.blurred.faces} faces blurred in ${summary.blurred.images})` : "";
    process.stdout.write(
      `${summary.battles} battles, ${summary.chats} chats, ${summary.images} images${blurred} → ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s (peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, CPU ${cpuSeconds().toFixed(1)} s)\n` +
        `time: ${Object.entries(summary.split)
          .map(([part, seconds]) => `${part} ${seconds.toFixed(1)} s`)
          .join(", ")}\n`,
    );
    if (values.zip) {
      const zipStarted = Date.now();
      const bytes = await writeZip(values.out, values.zip);
      process.stdout.write(
        `zip ${values.zip}: ${Math.round(bytes / 1e6)} MB in ${((Date.now() - zipStarted) / 1000).toFixed(1)} s (peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)\n`,
      );
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}

/** `--boards`: the board history and the .eval_results files. */
async function boardsExport(out: string, format: string): Promise<void> {
  const formats = format.split(",").map((f) => f.trim());
  if (formats.length === 0 || formats.some((f) => f !== "parquet" && f !== "csv")) {
    throw new UsageError("--format takes parquet, csv or parquet,csv with --boards");
  }
  const database = await prepareDatabase();
  const db = createDb(database.url);
  try {
    const started = Date.now();
    const boards = await exportBoards(db, { outDir: out, formats: formats as ("parquet" | "csv")[] });
    const results = await exportEvalResults(db, { outDir: out });
    for (const s of boards.subsets) {
      process.stdout.write(`boards/${s.name}: ${s.latest} rows latest, ${s.full} rows full\n`);
    }
    process.stdout.write(
      `${boards.snapshots} boards over time, ${results.length} .eval_results files → ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
