import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readPredictions } from "./predictions";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "predictions-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

describe("VLMEvalKit prediction tables", () => {
  it("reads a TSV (PRED_FORMAT=tsv): index, prediction, the judge's res, and hit where the file has it", async () => {
    const file = write(
      "m_MathVista_MINI.tsv",
      'index\tquestion\tprediction\tres\thit\n1\tFind the angle.\t"The answer is (B)\tclearly"\tB\t1\n2\tSides?\t16\t\t0\n',
    );
    expect(await readPredictions(file, "vlmevalkit")).toEqual([
      { pid: "1", response: "The answer is (B)\tclearly", extraction: "B", reported: true, where: "record 1" },
      { pid: "2", response: "16", reported: false, where: "record 2" },
    ]);
  });

  it("reads pandas' JSON orients: records and columns", async () => {
    const records = write("r.json", JSON.stringify([{ index: 7, prediction: "A" }]));
    expect(await readPredictions(records, "vlmevalkit")).toEqual([{ pid: "7", response: "A", where: "record 1" }]);
    const columns = write("c.json", JSON.stringify({ index: { 0: 7, 1: 8 }, prediction: { 0: "A", 1: "B" } }));
    expect((await readPredictions(columns, "vlmevalkit")).map((p) => [p.pid, p.response])).toEqual([
      ["7", "A"],
      ["8", "B"],
    ]);
  });

  it("names the file, record and field of a bad record", async () => {
    const noPrediction = write("np.tsv", "index\tquestion\n1\tq\n");
    await expect(readPredictions(noPrediction, "vlmevalkit")).rejects.toThrow(
      `${noPrediction}: record 1: field prediction is missing`,
    );
    const twice = write(
      "twice.json",
      JSON.stringify([
        { index: 1, prediction: "A" },
        { index: 1, prediction: "B" },
      ]),
    );
    await expect(readPredictions(twice, "vlmevalkit")).rejects.toThrow(
      `${twice}: record 2: field index: item 1 again (first at record 1)`,
    );
    const notXlsx = write("broken.xlsx", "not a zip");
    await expect(readPredictions(notXlsx, "vlmevalkit")).rejects.toThrow(`${notXlsx}: not a readable xlsx file`);
  });
});

describe("lmms-eval --log_samples", () => {
  it("takes the filtered response, and the metric object's extraction and verdict (MathVista's and EMMA's)", async () => {
    const file = write(
      "samples.jsonl",
      [
        {
          doc_id: 0,
          doc: { pid: "1" },
          resps: [["raw"]],
          filtered_resps: ["35°"],
          gpt_eval_score: { extraction: "35°", true_false: true },
        },
        { doc_id: 1, doc: { pid: "math_2" }, resps: [["\\boxed{4}"]], emma_score: { pred: "4", is_correct: false } },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n"),
    );
    expect(await readPredictions(file, "lmms-eval")).toEqual([
      { pid: "1", response: "35°", extraction: "35°", reported: true, where: "line 1" },
      { pid: "math_2", response: "\\boxed{4}", reported: false, where: "line 2" },
    ]);
  });

  it("names the file, line and field of a bad record", async () => {
    const noResponse = write("nr.jsonl", JSON.stringify({ doc: { pid: "1" } }));
    await expect(readPredictions(noResponse, "lmms-eval")).rejects.toThrow(
      `${noResponse}: line 1: field filtered_resps (or resps) is missing`,
    );
    const noPid = write(
      "np.jsonl",
      `${JSON.stringify({ doc: { pid: "1" }, resps: [["a"]] })}\n${JSON.stringify({ doc: {}, resps: [["a"]] })}`,
    );
    await expect(readPredictions(noPid, "lmms-eval")).rejects.toThrow(`${noPid}: line 2: field doc.pid is missing`);
    const broken = write("broken.jsonl", '{"doc": {"pid": "1"}, "resps": [["a"]]}\n{not json');
    await expect(readPredictions(broken, "lmms-eval")).rejects.toThrow(`${broken}: line 2: not valid JSON`);
  });
});
