// What the arena knows of one ground-truth benchmark, in one place: how its files become prompt items, how an answer
// is scored (exactly as its official code scores it), which toolkit predictions it takes, what a judge model may
// decide, its licence, its random-guess baseline and the arena categories it should line up with. Each benchmark is
// a file in ./definitions, listed once in ./registry.ts; every consumer (importers, scoring of files and runs,
// reports, the CLI, the console) reads the registry. docs/architecture.md walks through adding one.
import type { NewPromptItem } from "../evals";
import type { Judge } from "./judge-extract";
import type { PyValue } from "./python";

/** One item as the official scripts hold it: the benchmark's own fields, with the model's response merged in. */
export type Problem = { [key: string]: PyValue };

/** How an extraction was read as a prediction: for multiple choice, a letter or the nearest choice. */
export type NormalisedStep = "letter" | "nearest-choice" | "integer" | "float" | "list" | "unparseable";

/** One answer scored, every step kept. */
export interface ItemVerdict {
  correct: boolean;
  /** what the answer was read as: the file's extraction, or our rules' */
  extraction: string | null;
  prediction: string | null;
  /** "file" (the output's own extraction), "rule:<name>", or "undecided" (a judge model would be needed) */
  decided_by: string;
  normalised?: NormalisedStep;
}

/** A verdict with the gold answer as text, as stored. */
export type Verdict = ItemVerdict & { truth?: string; computed?: string };

export interface Scorer {
  score: (problem: Problem) => Verdict;
  /** the metadata keys accuracy is broken down by */
  keys: readonly string[];
  values: (problem: Problem, key: string) => string[];
  /** the gold field an item must have: MathVista and EMMA an answer, IsoBench a label */
  gold: "answer" | "label";
}

/** A scorer whose gold is the item's answer, kept as text beside each verdict (MathVista, EMMA). */
export const scoredAgainstAnswer = (
  score: (problem: Problem) => ItemVerdict,
  keys: readonly string[],
  values: Scorer["values"],
): Scorer => ({ score: (p) => ({ ...score(p), truth: String(p.answer ?? "") }), keys, values, gold: "answer" });

export type BenchmarkRecord = Record<string, unknown>;

/** One record read from a benchmark file, where it stands, and what it adds to which prompt set. */
export interface RecordContext {
  /** "file: record 3", for errors that name the file, the record and the field */
  where: string;
  record: BenchmarkRecord;
  file: string;
  provenance: { file: string; record: string };
  /** the set name (or prefix) the operator chose, if any */
  name: string | undefined;
  /** stores the image a field holds (a path, bytes, or {bytes, path}); its sha256, or a BenchmarkDataError */
  image: (field: string, value: unknown) => Promise<string>;
  add: (set: string, item: NewPromptItem) => void;
}

/** How a benchmark asked in several representations names them (IsoBench's image, text forms and techniques). */
export interface Representations {
  /** the task a data file is named after (graph_maxflow.jsonl → graph_maxflow), if any */
  taskOfFile: (file: string) => string | undefined;
  /** an item's representation: "image", a text form, or a technique */
  representationOf: (problem: Problem) => string;
  /** representations that are prompting techniques, not the dataset's text forms: never the "best text" */
  techniques: readonly string[];
}

/** A tiny set in the benchmark's own layout: its data files (images as small generated PNGs), a reply a fake model
 *  gives to every item, and how many of the imported items the official scorer counts right for that reply. */
export interface BenchmarkExample {
  files: Record<string, { text: string } | { png: { width: number; height: number; rgb: [number, number, number] } }>;
  /** the data files to import, among `files` */
  data: readonly string[];
  reply: string;
  /** the set a run answers (one of the import's sets) and how many of its items `reply` gets right, of how many */
  set: string;
  correct: number;
  of: number;
}

export interface BenchmarkDefinition {
  /** the name files, commands, item metadata and URLs use */
  name: string;
  /** the name people read */
  title: string;
  /** stored with every prompt set imported from it, and carried by exports */
  licence: string;
  /** its dataset on the Hugging Face Hub: the `dataset.id` of the `.eval_results` files exported (lib/export) */
  hubDataset: string;
  scorer: Scorer;
  /** turns one record of the benchmark's files into prompt items (checking the fields it needs) */
  addRecord: (context: RecordContext) => Promise<void>;
  /** predictions from the toolkits (VLMEvalKit, lmms-eval) this benchmark takes, where it takes them */
  predictions?: {
    /** the set predictions go to when none is named: the newest import of the first that exists */
    defaultSets: readonly string[];
    /** whether the file's own extraction column counts (the official pipeline's extraction step, done by the
     *  toolkit's judge), or the official scorer reads the response itself */
    fileExtractionCounts: boolean;
  };
  /** a judge model's step for an item the rules could not decide; without it such items stay undecided */
  judge?: (judge: Judge, problem: Problem, response: string, ruled: Verdict) => Promise<Verdict>;
  /** items asked in several representations of one problem (IsoBench: the image, each text form): an output
   *  names its task (files may share ids across tasks), an item is task/id/representation, and reports show the
   *  modality gap (text − image) */
  representations?: Representations;
  /** the CLI's help (arena benchmark --help): what `import` takes and how `score` reads published outputs */
  help: { files: string; outputs: string };
  /** its weight on the composite board when neither the console nor ARENA_COMPOSITE_WEIGHTS names one */
  compositeWeight: number;
  /** a few items in the benchmark's own layout (from its paper's printed examples): the worked example a reader
   *  of the definition starts from, and what tests/integration/benchmark-registry.test.ts imports, answers, scores
   *  and reports for every registered benchmark */
  example: BenchmarkExample;
  /** the arena categories whose boards a report sets this benchmark beside (besides overall) */
  relatedCategories: readonly string[];
  /** the paper's random-guess accuracy for these items, where it gives one */
  randomBaseline: (items: Problem[]) => { accuracy: number; source: string } | null;
}
