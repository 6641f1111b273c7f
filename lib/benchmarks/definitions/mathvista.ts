// MathVista (Lu et al., ICLR 2024): testmini and test, scored as lupantech/MathVista's evaluation code does; what its
// quick rules cannot read, its pipeline gives GPT-4 to extract (here the configured judge, with the same prompt).
import path from "node:path";
import { type BenchmarkDefinition, type BenchmarkRecord, type RecordContext, scoredAgainstAnswer } from "../definition";
import { mathVistaExtractionPrompt } from "../judge-extract";
import { MATHVISTA_KEYS, mathVistaValues, scoreMathVistaItem } from "../mathvista";
import { mathVistaQuery } from "../prompts";
import type { PyValue } from "../python";
import { required, withoutImages } from "../records";

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
} satisfies BenchmarkDefinition;
