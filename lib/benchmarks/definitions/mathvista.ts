// MathVista (Lu et al., ICLR 2024): testmini and test, scored as lupantech/MathVista's evaluation code does; what its
// quick rules cannot read, its pipeline gives GPT-4 to extract (here the configured judge, with the same prompt).
import path from "node:path";
import { type BenchmarkDefinition, type BenchmarkRecord, type RecordContext, scoredAgainstAnswer } from "../definition";
import { mathVistaExtractionPrompt } from "../judge-extract";
import { MATHVISTA_KEYS, mathVistaValues, scoreMathVistaItem } from "../mathvista";
import { mathVistaQuery } from "../prompts";
import type { PyValue } from "../python";
import { required, withoutImages } from "../records";

const exampleItem = (pid: string, question: string, choices: string[] | null, answer: string, source: string) => ({
  pid,
  image: `images/${pid === "3" ? "2" : pid}.png`,
  question,
  choices,
  unit: null,
  precision: null,
  answer,
  question_type: choices ? "multi_choice" : "free_form",
  answer_type: choices ? "text" : "integer",
  metadata: { language: "english", source, category: "math-targeted-vqa", task: "geometry problem solving" },
});

/** testmini.json's layout (a dict keyed by pid), three of its kinds of item. */
const EXAMPLE_ITEMS = {
  "1": exampleItem("1", "Find the angle.", ["145°", "35°", "55°"], "35°", "GeoQA+"),
  "2": exampleItem("2", "How many sides?", null, "16", "GeoQA+"),
  "3": exampleItem("3", "Which is largest?", ["A", "B", "C"], "B", "IQTest"),
};

/** One item per problem, in mathvista-<split> (from the file's name), asked with the official query. */
async function addRecord({ where, record, file, provenance, name, image, add }: RecordContext) {
  const pid = String(required(where, record, "pid"));
  required(where, record, "question_type");
  required(where, record, "answer_type");
  required(where, record, "answer");
  const sha = record.decoded_image
    ? await image("decoded_image", record.decoded_image)
    : await image("image", record.image);
  const split = /test(?:mini)?/.exec(path.basename(file))?.[0] ?? "testmini";
  const metadata = record.metadata as BenchmarkRecord | undefined;
  add(name ?? `mathvista-${split}`, {
    questionId: pid,
    category: typeof metadata?.category === "string" ? metadata.category : null,
    turns: [{ content: mathVistaQuery(record) }],
    metadata: { benchmark: "mathvista", ...withoutImages(record) },
    provenance,
    imageShas: [sha],
  });
}

export const mathvista = {
  name: "mathvista",
  title: "MathVista",
  licence: "CC BY-SA 4.0 (MathVista, AI4Math/MathVista; attribution and share-alike apply to exports)",
  hubDataset: "AI4Math/MathVista",
  scorer: scoredAgainstAnswer(
    (p) => scoreMathVistaItem(p, (p.answer ?? null) as PyValue),
    MATHVISTA_KEYS,
    mathVistaValues,
  ),
  addRecord,
  // the toolkits' extraction column is the official pipeline's extraction step, done by their judge
  predictions: { defaultSets: ["mathvista-testmini", "mathvista-test"], fileExtractionCounts: true },
  judge: async (judge, problem, response, ruled) => {
    const query = typeof problem.query === "string" ? problem.query : mathVistaQuery(problem as BenchmarkRecord);
    const extraction = await judge.ask(mathVistaExtractionPrompt(query, response));
    const verdict = scoreMathVistaItem({ ...problem, extraction }, (problem.answer ?? null) as PyValue);
    return { ...verdict, decided_by: judge.label, truth: ruled.truth };
  },
  relatedCategories: ["math", "homework", "diagram"],
  randomBaseline: () => ({ accuracy: 0.179, source: "MathVista Table 2 (testmini)" }),
  compositeWeight: 0.25,
  help: {
    files: `testmini.json / test.json (images beside it, or --images) or the Hugging Face Parquet (decoded_image),
as mathvista-testmini / mathvista-test`,
    outputs: `MathVista's output layout {pid: {response, extraction?, choices, question_type, answer_type,
precision, answer?, metadata}}; --data testmini.json (or test.json) supplies answers and metadata the
outputs lack. An item's own extraction is used as is; otherwise the official quick rules read the
response (empty, exact choice, int(), float(), The answer is "…".) and what they cannot read is
reported as undecided (the official code asks GPT-4 there). Then MathVista's normalisation (letter in
parentheses, choice letter, nearest choice by Levenshtein; int(float(x)); round to precision) and equality.`,
  },
  example: {
    files: {
      "testmini.json": { text: JSON.stringify(EXAMPLE_ITEMS) },
      "images/1.png": { png: { width: 64, height: 20, rgb: [40, 80, 160] } },
      "images/2.png": { png: { width: 104, height: 20, rgb: [80, 80, 160] } },
    },
    data: ["testmini.json"],
    // a bare letter: one of item 3's choices (the exact-choice rule) → right; no quick rule reads it on item 1 (the
    // official code would ask GPT-4) nor on the integer item 2
    reply: "B",
    set: "mathvista-testmini",
    correct: 1,
    of: 3,
  },
} satisfies BenchmarkDefinition;
