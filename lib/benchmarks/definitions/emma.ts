// EMMA (Hao et al., 2025): its Hugging Face layout (image_1…image_5), one set per prompting strategy, scored as
// hychaochao/EMMA's evaluation code does; where its rules find no answer, its pipeline asks a judge whether the
// response matches the answer (here the configured judge, with the same prompt).
import { type BenchmarkDefinition, type RecordContext, scoredAgainstAnswer } from "../definition";
import { EMMA_KEYS, emmaValues, scoreEmmaItem } from "../emma";
import { BenchmarkDataError } from "../errors";
import { emmaJudgePrompt } from "../judge-extract";
import { EMMA_STRATEGIES, type EmmaStrategy, emmaQuery } from "../prompts";
import { required, withoutImages } from "../records";

const exampleItem = (pid: string, question: string, options: string[], answer: string, subject: string) => ({
  pid,
  question,
  options,
  answer,
  image_1: "q1.png",
  solution: "",
  subject,
  task: "",
  category: subject === "Math" ? "3D Spatial Simulation" : "Reaction Simulation",
  source: "new",
  type: options.length ? "Multiple Choice" : "Open-ended",
  context: "",
});

/** The Hugging Face layout: a list of problems, images in image_1…image_5. */
const EXAMPLE_ITEMS = [
  exampleItem(
    "chem_1",
    "Which solution is more concentrated? <image_1>",
    ["Solution A", "Solution B", "neither"],
    "B",
    "Chemistry",
  ),
  exampleItem("math_1", "How many cubes? <image_1>", [], "16", "Math"),
];

/** One item per problem in each strategy's set (direct, CoT), its images in their order. */
async function addRecord({ where, record, provenance, name, image, add }: RecordContext) {
  const pid = String(required(where, record, "pid"));
  required(where, record, "question");
  const answer = String(required(where, record, "answer"));
  const type = String(required(where, record, "type"));
  const shas: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const value = record[`image_${n}`];
    if (value !== undefined && value !== null && value !== "") shas.push(await image(`image_${n}`, value));
  }
  const options = Array.isArray(record.options) ? record.options.map(String) : [];
  const choice = type.toLowerCase() === "multiple choice";
  if (choice && !options[answer.toUpperCase().charCodeAt(0) - 65]) {
    throw new BenchmarkDataError(`${where}: field answer: '${answer}' is not one of the options' letters`);
  }
  const gtContent = choice ? options[answer.toUpperCase().charCodeAt(0) - 65] : answer;
  for (const strategy of Object.keys(EMMA_STRATEGIES) as EmmaStrategy[]) {
    add(`${name ?? "emma"}-${strategy}`, {
      questionId: pid,
      category: typeof record.subject === "string" ? record.subject : null,
      // <image_n> placeholders stay in the text; the images follow in their order
      turns: [{ content: emmaQuery(record, strategy) }],
      metadata: { benchmark: "emma", strategy, ...withoutImages(record), gt_content: gtContent },
      provenance,
      imageShas: shas,
    });
  }
}

export const emma = {
  name: "emma",
  title: "EMMA",
  licence: "CC BY-SA 4.0 (EMMA, luckychao/EMMA; attribution and share-alike apply to exports)",
  hubDataset: "luckychao/EMMA",
  scorer: scoredAgainstAnswer(scoreEmmaItem, EMMA_KEYS, emmaValues),
  addRecord,
  // EMMA's official scorer reads the response itself: a toolkit's extraction column does not count
  predictions: { defaultSets: ["emma-cot", "emma-direct"], fileExtractionCounts: false },
  judge: async (judge, problem, response, ruled) => {
    const answer = typeof problem.answer === "string" ? problem.answer : "";
    const said = await judge.ask(emmaJudgePrompt(response, answer));
    return { ...ruled, correct: said.toLowerCase() === "correct", decided_by: `${judge.label} (${said.slice(0, 40)})` };
  },
  relatedCategories: ["homework", "diagram"],
  randomBaseline: (items) =>
    items.length <= 400
      ? { accuracy: 0.2275, source: "EMMA (EMMA-mini)" }
      : { accuracy: 0.1808, source: "EMMA (full)" },
  compositeWeight: 0.25,
  help: {
    files: `its JSON or Parquet (image_1…5), one set per strategy (emma-cot, emma-direct: the paper's templates)`,
    outputs: `EMMA's results layout {pid: {response, answer, type, options, subject, category, task, …}}: its
fast_extract_answer (letter, number, last \\boxed{}, "the answer is …") and is_equal (text; values
equal to 2 decimals; symbolic difference 0) against the answer and its option text.`,
  },
  example: {
    files: {
      "emma.json": { text: JSON.stringify(EXAMPLE_ITEMS) },
      "q1.png": { png: { width: 48, height: 20, rgb: [200, 80, 160] } },
    },
    data: ["emma.json"],
    // the letter of the multiple-choice item's answer; the open-ended item wants 16
    reply: "B",
    set: "emma-cot",
    correct: 1,
    of: 2,
  },
} satisfies BenchmarkDefinition;
