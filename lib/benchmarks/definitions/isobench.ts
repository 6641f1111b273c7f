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

/** The task a per-task file is named after (graph_maxflow.jsonl, graph_maxflow_test.json), if any. */
function taskOfFile(file: string): string | undefined {
  const base = path.basename(file).replace(/\.(jsonl?|json)$/i, "");
  return Object.keys(ISOBENCH_TASKS).find(
    (task) => base === task || base.startsWith(`${task}_`) || base.endsWith(`_${task}`),
  );
}

/** A per-task file's layout (JSON Lines), the paper's max-flow example and a smaller network. */
const EXAMPLE_ITEMS = [
  {
    id: 0,
    image: "flow.png",
    adjacency_matrix: "[[0, 7, 4, 3, 2], [0, 0, 0, 0, 7], [0, 6, 0, 0, 4], [0, 5, 6, 0, 6], [0, 0, 0, 0, 0]]",
    source_node: 0,
    sink_node: 4,
    label: 16,
  },
  { id: 1, image: "flow.png", adjacency_matrix: "[[0, 3], [0, 0]]", source_node: 0, sink_node: 1, label: 3 },
];

/** Each item as an image, as each text representation, as a scratchpad and combined. */
async function addRecord({ where, record, file, provenance, name, image, add }: RecordContext) {
  const task = typeof record.task === "string" ? record.task : taskOfFile(file);
  if (!task || !isIsoTask(task))
    throw new BenchmarkDataError(`${where}: field task: name the task in the file name or a task field`);
  const id = String(required(where, record, "id"));
  if (record.label === undefined || record.label === null)
    throw new BenchmarkDataError(`${where}: field label is missing`);
  const sha = await image("image", record.image);
  const kept = { benchmark: "isobench", task, domain: ISOBENCH_TASKS[task], ...withoutImages(record), id };
  const prefix = name ?? "isobench";
  /** one item of the set `${prefix}-${set}`: its turns' texts, what it adds to the kept fields, its images */
  const item = (set: string, questionId: string, turns: string[], extra: object, imageShas: string[]) =>
    add(`${prefix}-${set}`, {
      questionId,
      category: task,
      turns: turns.map((content) => ({ content })),
      metadata: { ...kept, ...extra },
      provenance,
      imageShas,
    });
  item("image", `${task}/${id}`, [isoImagePrompt(task, record)], { representation: "image" }, [sha]);
  for (const [field] of ISOBENCH_PROMPTS[task]?.texts ?? []) {
    if (record[field] === undefined || record[field] === null || record[field] === "") continue;
    item("text", `${task}/${id}/${field}`, [isoTextPrompt(task, record, field)], { representation: field }, []);
  }
  const scratchpad = [ISO_DESCRIBE_PROMPT, isoScratchpadPrompt(task, record, DESCRIPTION_SLOT)];
  item("scratchpad", `${task}/${id}`, scratchpad, { representation: "scratchpad", mode: "scratchpad" }, [sha]);
  item("combined", `${task}/${id}`, [isoCombinedPrompt(task, record)], { representation: "combined" }, [sha]);
}

export const isobench = {
  name: "isobench",
  title: "IsoBench",
  licence: "as the IsoBench dataset card states (isobench/IsoBench on Hugging Face)",
  hubDataset: "isobench/IsoBench",
  scorer: { score: scoreIsoBenchItem, keys: ISOBENCH_KEYS, values: isoValues, gold: "label" },
  addRecord,
  representations: {
    taskOfFile,
    representationOf: (problem) => isoValues(problem, "representation")[0] as string,
    techniques: ["combined", "scratchpad"],
  },
  compositeWeight: 0.25,
  help: {
    files: `its per-task files (named after the task), as isobench-image, isobench-text (an item per text
representation), isobench-combined (IsoCombination) and isobench-scratchpad (IsoScratchPad)`,
    outputs: `outputs {id, task?, representation (image|latex|code|story|fen|pgn|anl|description|…), response,
extraction?} against the task files (--data graph_maxflow.jsonl … ; the task from the file name or a
task field). No official parser exists: ours takes a last \\boxed{}, else a JSON "answer", else the
opening words, and reads each task's label from it; graph answers are also computed from the adjacency
matrices (max-flow, connectivity, isomorphism) and chess moves checked with chess.js. With image and
text answers to the same items, the modality gap (best text − image) with a paired bootstrap interval.

IsoBench-Eval's logs (IsoBench/IsoBench-Eval: a model's folder of <task>.json lists with
evaluation_summary.json, or one such file; no --data): each answer's official verdict recomputed from
its parsed_prediction (officialCorrect; the file's is_correct beside it) and ours from model_response
alone (correct, decided_by), keyed <modality>:<sample_index> per task; accuracy pooled per task and
modality, per group (Math, Science, Algorithm, Game) and overall, with the text − image gap and the
agreement of our parse with the official one. --judge MODEL (a registry model) is asked what
IsoBench-Eval's parser asks, word for word, wherever the task has choices; its verdicts record the judge.`,
  },
  example: {
    files: {
      "graph_maxflow.jsonl": { text: EXAMPLE_ITEMS.map((r) => JSON.stringify(r)).join("\n") },
      "flow.png": { png: { width: 34, height: 20, rgb: [10, 80, 160] } },
    },
    data: ["graph_maxflow.jsonl"],
    // the paper's JSON answer: the first network's max flow is 16, the second's 3
    reply: '{"answer": 16, "explanation": "augmenting paths"}',
    set: "isobench-text",
    correct: 1,
    of: 2,
  },
  relatedCategories: ["diagram"],
  // the paper's random-guess accuracy per task (§4), averaged over the items
  randomBaseline: (items) => {
    if (!items.length) return null;
    const sum = items.reduce((s, p) => s + (ISOBENCH_RANDOM[p.task as IsoTask] ?? 0), 0);
    return { accuracy: sum / items.length, source: "IsoBench §4 (per task, averaged over these items)" };
  },
} satisfies BenchmarkDefinition;
