// IsoBench (Fu et al., COLM 2024): per-task files; one set for image prompts, one for text prompts (an item per text
// representation), one for IsoCombination and one for IsoScratchPad (describe the image, then answer from that
// description alone), scored as the paper's code does. No toolkit predictions: its own outputs are scored as files.
import path from "node:path";
import { DESCRIPTION_SLOT } from "../../evals/slots";
import type { BenchmarkDefinition, RecordContext } from "../definition";
import { BenchmarkDataError } from "../errors";
import {
  ISOBENCH_KEYS,
  ISOBENCH_RANDOM,
  ISOBENCH_TASKS,
  type IsoTask,
  isIsoTask,
  isoValues,
  scoreIsoBenchItem,
} from "../isobench";
import {
  ISO_DESCRIBE_PROMPT,
  ISOBENCH_PROMPTS,
  isoCombinedPrompt,
  isoImagePrompt,
  isoScratchpadPrompt,
  isoTextPrompt,
} from "../prompts";
import { required, withoutImages } from "../records";

/** Each item as an image, as each text representation, as a scratchpad and combined. */
async function addRecord({ where, record, file, provenance, name, image, add }: RecordContext) {
  const fileTask = Object.keys(ISOBENCH_TASKS).find((t) => path.basename(file).startsWith(t));
  const task = typeof record.task === "string" ? record.task : fileTask;
  if (!task || !isIsoTask(task))
    throw new BenchmarkDataError(`${where}: field task: name the task in the file name or a task field`);
  const id = String(required(where, record, "id"));
  if (record.label === undefined || record.label === null)
    throw new BenchmarkDataError(`${where}: field label is missing`);
  const sha = await image("image", record.image);
  const kept = { benchmark: "isobench", task, domain: ISOBENCH_TASKS[task], ...withoutImages(record), id };
  const prefix = name ?? "isobench";
  add(`${prefix}-image`, {
    questionId: `${task}/${id}`,
    category: task,
    turns: [{ content: isoImagePrompt(task, record) }],
    metadata: { ...kept, representation: "image" },
    provenance,
    imageShas: [sha],
  });
  for (const [field] of ISOBENCH_PROMPTS[task]?.texts ?? []) {
    if (record[field] === undefined || record[field] === null || record[field] === "") continue;
    add(`${prefix}-text`, {
      questionId: `${task}/${id}/${field}`,
      category: task,
      turns: [{ content: isoTextPrompt(task, record, field) }],
      metadata: { ...kept, representation: field },
      provenance,
      imageShas: [],
    });
  }
  add(`${prefix}-scratchpad`, {
    questionId: `${task}/${id}`,
    category: task,
    turns: [{ content: ISO_DESCRIBE_PROMPT }, { content: isoScratchpadPrompt(task, record, DESCRIPTION_SLOT) }],
    metadata: { ...kept, representation: "scratchpad", mode: "scratchpad" },
    provenance,
    imageShas: [sha],
  });
  add(`${prefix}-combined`, {
    questionId: `${task}/${id}`,
    category: task,
    turns: [{ content: isoCombinedPrompt(task, record) }],
    metadata: { ...kept, representation: "combined" },
    provenance,
    imageShas: [sha],
  });
}

export const isobench = {
  name: "isobench",
  title: "IsoBench",
  licence: "as the IsoBench dataset card states (isobench/IsoBench on Hugging Face)",
  hubDataset: "isobench/IsoBench",
  scorer: { score: scoreIsoBenchItem, keys: ISOBENCH_KEYS, values: isoValues, gold: "label" },
  addRecord,
  representations: true,
  relatedCategories: ["diagram"],
  // the paper's random-guess accuracy per task (§4), averaged over the items
  randomBaseline: (items) => {
    if (!items.length) return null;
    const sum = items.reduce((s, p) => s + (ISOBENCH_RANDOM[p.task as IsoTask] ?? 0), 0);
    return { accuracy: sum / items.length, source: "IsoBench §4 (per task, averaged over these items)" };
  },
} satisfies BenchmarkDefinition;
