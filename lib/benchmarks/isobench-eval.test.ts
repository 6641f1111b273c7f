import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { benchmarkCommand } from "../cli/benchmark-command";
import type { IsoTask } from "./isobench";
import { readChoice } from "./isobench-choice";
import {
  isIsoBenchEvalLayout,
  officialIsCorrect,
  scoreIsoBenchEval,
  scoreIsoBenchEvalWithJudge,
} from "./isobench-eval";
import { isoBenchEvalParsed, isoBenchEvalParsePrompt } from "./isobench-official-parse";
import { parsePythonJson } from "./python";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "isobench-eval-"));
  dirs.push(dir);
  return dir;
}

/** A record in IsoBench-Eval's log layout (task_evaluators.py's _save_detailed_log). */
function record(
  task: string,
  modality: "text" | "image",
  index: number,
  evaluation: { choices: string[] | null; response: string; parsed: unknown; truth: unknown; correct: boolean },
) {
  return {
    sample_index: index,
    task_name: task,
    modality,
    timestamp: "2025-08-08T03:13:10.539636",
    dataset_sample: {
      label: evaluation.truth,
      answer: null,
      image_available: true,
      raw_sample_keys: ["image", "label"],
    },
    evaluation: {
      choices: evaluation.choices,
      input_prompt: "…",
      model_response: evaluation.response,
      parsed_prediction: evaluation.parsed,
      ground_truth: evaluation.truth,
      is_correct: evaluation.correct,
      prompt_type: "long",
    },
  };
}

const CHEM = ["Solution B", "neither; their concentrations are the same", "Solution A"];

function writeModelFolder() {
  const dir = path.join(tempDir(), "model-x");
  fs.mkdirSync(dir);
  const chemistry = [
    record("chemistry", "text", 0, {
      choices: CHEM,
      response: "Solution B has a higher concentration of yellow particles.\n\nReasoning: 4 particles against 2.",
      parsed: "Solution B",
      truth: "solution b",
      correct: true,
    }),
    record("chemistry", "image", 0, {
      choices: CHEM,
      response: "Answer: Solution A.\nBoth have 25 mL of solvent.",
      parsed: "Solution A",
      truth: "solution b",
      correct: false,
    }),
  ];
  const connectivity = [
    record("graph_connectivity", "text", 0, {
      choices: ["no", "yes"],
      response: '{"answer": "yes", "explanation": "0-2-5 is a path"}',
      parsed: "yes",
      truth: "yes",
      correct: true,
    }),
    record("graph_connectivity", "image", 0, {
      choices: ["no", "yes"],
      response: "No, nodes 3 and 7 are not connected: they lie in different components.",
      parsed: "no",
      truth: "yes",
      correct: false,
    }),
    // the parser's answer disagrees with what the response says: the official verdict follows the parser
    record("graph_connectivity", "image", 1, {
      choices: ["no", "yes"],
      response: "They are not connected.",
      parsed: "yes",
      truth: "yes",
      correct: true,
    }),
  ];
  const puzzle = [
    record("puzzle", "text", 0, {
      choices: ["A move in Algebraic Coordinate Notation", "no-move"],
      response: "a4b3\n\nReasoning: the king steps toward the centre. So the best first move is a4b3.",
      parsed: "A move in Algebraic Coordinate Notation",
      truth: "a4b3",
      correct: false,
    }),
  ];
  const breakpoint = [
    // compared as text: the int 2 against the int 2, and the string "3" against the int 3 as published ("5" == 5)
    record("math_breakpoint", "text", 0, {
      choices: ["2", "3"],
      response: "Answer: 2",
      parsed: 2,
      truth: 2,
      correct: true,
    }),
    record("math_breakpoint", "text", 1, {
      choices: ["2", "3"],
      response: "There are 3 breakpoints.",
      parsed: "3",
      truth: 3,
      correct: true,
    }),
  ];
  const files = { chemistry, graph_connectivity: connectivity, puzzle, math_breakpoint: breakpoint };
  for (const [task, list] of Object.entries(files))
    fs.writeFileSync(path.join(dir, `${task}.json`), JSON.stringify(list, null, 2));
  fs.writeFileSync(
    path.join(dir, "evaluation_summary.json"),
    JSON.stringify({
      model_name: "model-x",
      task_summaries: {
        chemistry: { total_samples: 2, correct_samples: 1 },
        // published with a count its records do not give
        graph_connectivity: { total_samples: 3, correct_samples: 1 },
      },
    }),
  );
  return dir;
}

describe("IsoBench-Eval's logs", () => {
  it("recomputes the official verdict from parsed_prediction, and ours from the response alone", () => {
    const dir = writeModelFolder();
    expect(isIsoBenchEvalLayout(dir)).toBe(true);
    expect(isIsoBenchEvalLayout(path.join(dir, "chemistry.json"))).toBe(true);
    const score = scoreIsoBenchEval(dir);
    expect(score.model).toBe("model-x");
    const chem = score.items.chemistry ?? {};
    expect(Object.keys(chem)).toEqual(["text:0", "image:0"]);
    expect(chem["text:0"]).toMatchObject({
      officialCorrect: true,
      fileCorrect: true,
      correct: true,
      prediction: "Solution B",
    });
    expect(chem["image:0"]).toMatchObject({
      officialCorrect: false,
      correct: false,
      prediction: "Solution A",
      decided_by: "rule:answer-line",
    });
    const conn = score.items.graph_connectivity ?? {};
    expect(conn["text:0"]).toMatchObject({ correct: true, decided_by: "rule:json" });
    expect(conn["image:1"]).toMatchObject({ officialCorrect: true, correct: false, prediction: "no" });
    // the official parser lost the move; the response names the right one
    expect(score.items.puzzle?.["text:0"]).toMatchObject({ officialCorrect: false, correct: true, prediction: "a4b3" });
    expect(score.items.math_breakpoint?.["text:0"]?.officialCorrect).toBe(true);
    expect(score.items.math_breakpoint?.["text:1"]).toMatchObject({ officialCorrect: true, correct: true });
    // every official verdict equals the file's is_correct
    for (const task of Object.values(score.items))
      for (const item of Object.values(task)) expect(item.officialCorrect).toBe(item.fileCorrect);

    // pooled as evaluator.py pools: per task and modality, per group, overall
    expect(score.tasks.graph_connectivity?.official.image).toMatchObject({ correct: 1, total: 2 });
    expect(score.tasks.graph_connectivity?.official.text).toMatchObject({ correct: 1, total: 1 });
    expect(score.tasks.graph_connectivity?.official.gap?.value).toBeCloseTo(0.5);
    const gap = score.tasks.graph_connectivity?.official.gap;
    expect(gap?.ci[0]).toBeLessThan(0.5);
    expect(gap?.ci[1]).toBeGreaterThan(0.5);
    expect(score.groups.Algorithm?.official.overall).toMatchObject({ correct: 2, total: 3 });
    expect(score.groups.Game?.ours.overall).toMatchObject({ correct: 1, total: 1 });
    expect(score.overall.official.overall).toMatchObject({ correct: 5, total: 8 });
    expect(score.overall.ours.overall).toMatchObject({ correct: 5, total: 8 });
    expect(score.overall.agreement).toMatchObject({ correct: 6, total: 8 });
    for (const t of [score.overall.official.overall, score.overall.agreement]) {
      expect(t.ci[0]).toBeLessThan(t.accuracy);
      expect(t.ci[1]).toBeGreaterThan(t.accuracy);
    }
    // the published summary's count that its records do not give is reported
    expect(score.warnings.join("\n")).toMatch(/graph_connectivity says 1\/3; its records' is_correct give 2\/3/);
  });

  it("prints per-task accuracy from both parses and the agreement, and writes JSON with both verdicts", async () => {
    const dir = writeModelFolder();
    let text = "";
    const out = { write: (s: string) => (text += s) } as unknown as NodeJS.WritableStream;
    await benchmarkCommand(["score", "isobench", "--outputs", dir], out);
    expect(text).toMatch(/IsoBench-Eval layout, model-x\): 8 answers in 4 tasks/);
    expect(text).toMatch(/graph_connectivity\s+image\s+50\.0% \(1\/2\)/);
    expect(text).toMatch(/overall/);
    const json = path.join(tempDir(), "score.json");
    await benchmarkCommand(["score", "isobench", "--outputs", dir, "--format", "json", "--out", json], out);
    const written = JSON.parse(fs.readFileSync(json, "utf8"));
    expect(written.items.puzzle["text:0"]).toMatchObject({ officialCorrect: false, correct: true });
  });

  it("refuses a bad record in one line naming file, record and field, and writes nothing", async () => {
    const dir = writeModelFolder();
    const file = path.join(dir, "chemistry.json");
    const list = JSON.parse(fs.readFileSync(file, "utf8"));
    delete list[1].evaluation.is_correct;
    fs.writeFileSync(file, JSON.stringify(list));
    const out = path.join(tempDir(), "never.json");
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    await expect(benchmarkCommand(["score", "isobench", "--outputs", dir, "--out", out], sink)).rejects.toThrow(
      `${file}: record 2: field evaluation.is_correct is missing or not true/false`,
    );
    expect(fs.existsSync(out)).toBe(false);
    list[1].evaluation.is_correct = false;
    list[0].task_name = "chess";
    fs.writeFileSync(file, JSON.stringify(list));
    expect(() => scoreIsoBenchEval(dir)).toThrow(`${file}: record 1: field task_name: 'chess' is not an IsoBench task`);
    list[0].task_name = "chemistry";
    list[0].sample_index = "0";
    fs.writeFileSync(file, JSON.stringify(list));
    expect(() => scoreIsoBenchEval(dir)).toThrow(
      `${file}: record 1: field sample_index is missing or not a whole number`,
    );
  });

  it("compares as the published files were scored: str() of both sides, lower-cased and stripped, booleans as yes/no", () => {
    const py = (text: string) => parsePythonJson(text);
    expect(officialIsCorrect(py("3"), py("3"))).toBe(true);
    // graph_maxflow as published: parsed_prediction "5", ground_truth 5, is_correct true
    expect(officialIsCorrect(py('"5"'), py("5"))).toBe(true);
    expect(officialIsCorrect(py('"3"'), py("3"))).toBe(true);
    expect(officialIsCorrect(py('" 3\\n"'), py("3"))).toBe(true);
    // str(3.0) is "3.0"
    expect(officialIsCorrect(py("3.0"), py("3"))).toBe(false);
    expect(officialIsCorrect(py('"3.0"'), py("3.0"))).toBe(true);
    expect(officialIsCorrect(py('" Yes "'), py('"yes"'))).toBe(true);
    expect(officialIsCorrect(py("true"), py('"Yes"'))).toBe(true);
    expect(officialIsCorrect(py("false"), py('"no"'))).toBe(true);
    expect(officialIsCorrect(py("true"), py("1"))).toBe(false);
    // an errored call: prediction -1 against the label
    expect(officialIsCorrect(py("-1"), py('"no"'))).toBe(false);
    expect(officialIsCorrect(py("-1"), py("-1"))).toBe(true);
    // str(None) == str(None)
    expect(officialIsCorrect(py("null"), py("null"))).toBe(true);
    expect(officialIsCorrect(py('"None"'), py("null"))).toBe(true);
    // Python's strip() leaves U+FEFF; JavaScript's trim() would not
    expect(officialIsCorrect(py('"\\ufeffyes"'), py('"yes"'))).toBe(false);
    expect(officialIsCorrect(py('"\\u001fyes\\u00a0"'), py('"yes"'))).toBe(true);
  });
});

/**
 * Answers in the shapes IsoBench-Eval's prompts ask for (long prompts: "provide your answer with clear reasoning";
 * text prompts of the paper: JSON {answer, explanation}; image prompts: the answer first), with the choice a reader
 * would take. Our parse must agree with that choice on at least 95% overall and 85% per task.
 */
const SHAPES: [IsoTask, string[] | null, string, string][] = [
  ["math_parity", ["even", "neither", "odd"], "The function is odd.\n\nReasoning: f(-x) = -f(x).", "odd"],
  ["math_parity", ["even", "neither", "odd"], "Neither even nor odd, since f(-x) ≠ ±f(x).", "neither"],
  [
    "math_parity",
    ["even", "neither", "odd"],
    '{"answer": "even", "explanation": "symmetric about the y-axis"}',
    "even",
  ],
  ["math_parity", ["even", "neither", "odd"], "**Answer: Even**\n\nThe plot mirrors across x = 0.", "even"],
  ["math_parity", ["even", "neither", "odd"], "Substituting -x gives -f(x), so f is an odd function.", "odd"],
  [
    "math_convexity",
    ["concave", "convex"],
    "Convex. The second derivative 6x + 2 is positive on the domain.",
    "convex",
  ],
  ["math_convexity", ["concave", "convex"], "The function is concave on x > 0 because f''(x) = -1/x² < 0.", "concave"],
  ["math_convexity", ["concave", "convex"], "Final answer: concave", "concave"],
  ["math_convexity", ["concave", "convex"], '{"answer": "convex", "explanation": "f\'\' > 0"}', "convex"],
  ["math_breakpoint", ["2", "3"], "Answer: 3\n\nThe slope changes at x = -1, 0 and 2.", "3"],
  ["math_breakpoint", ["2", "3"], "There are 2 breakpoints, at x = 1 and x = 4.", "2"],
  ["math_breakpoint", ["2", "3"], '{"answer": 2, "explanation": "corners at -3 and 5"}', "2"],
  ["math_breakpoint", ["2", "3"], "The plot has corners at x=-2, x=1 and x=3, so the answer is 3.", "3"],
  ["graph_maxflow", null, "The maximum flow from node 0 to node 4 is 16.", "16"],
  ["graph_maxflow", null, "Answer: 7\n\nPaths 0→1→3 (4) and 0→2→3 (3).", "7"],
  ["graph_maxflow", null, '{"answer": 11, "explanation": "min cut {(0,1),(2,3)}"}', "11"],
  ["graph_maxflow", null, "Using Ford-Fulkerson the total flow is 9 units.", "9"],
  ["graph_connectivity", ["no", "yes"], "Yes. Node 2 reaches node 7 through 2-4-7.", "yes"],
  ["graph_connectivity", ["no", "yes"], "No, they are in different components.", "no"],
  ["graph_connectivity", ["no", "yes"], "Nodes 1 and 5 are not connected; no path exists.", "no"],
  ["graph_connectivity", ["no", "yes"], "Nodes 0 and 6 are connected via 0-3-6.", "yes"],
  ["graph_connectivity", ["no", "yes"], '{"answer": "no", "explanation": "node 4 is isolated"}', "no"],
  ["graph_isomorphism", ["no", "yes"], "The graphs are isomorphic: map a→1, b→3, c→2.", "yes"],
  ["graph_isomorphism", ["no", "yes"], "No. G has a vertex of degree 4 and H has none.", "no"],
  ["graph_isomorphism", ["no", "yes"], "They are not isomorphic because the degree sequences differ.", "no"],
  ["graph_isomorphism", ["no", "yes"], "Answer: Yes\n\nBoth are 5-cycles.", "yes"],
  ["winner_id", ["black", "draw", "white"], "White wins. The final position is checkmate.", "white"],
  ["winner_id", ["black", "draw", "white"], "The game ended in a draw by threefold repetition.", "draw"],
  ["winner_id", ["black", "draw", "white"], "Black won: White resigned after losing the queen.", "black"],
  ["winner_id", ["black", "draw", "white"], "Result: 1-0", "white"],
  ["winner_id", ["black", "draw", "white"], '{"answer": "Draw", "explanation": "stalemate"}', "draw"],
  ["puzzle", ["A move in Algebraic Coordinate Notation", "no-move"], "e5e6\n\nReasoning: the pawn advances.", "e5e6"],
  ["puzzle", ["A move in Algebraic Coordinate Notation", "no-move"], "The first move is Rxb8, i.e. b1b8.", "b1b8"],
  [
    "puzzle",
    ["A move in Algebraic Coordinate Notation", "no-move"],
    "I cannot determine a forced line here.",
    "no-move",
  ],
  [
    "chemistry",
    ["an elementary substance", "a compound"],
    "Beryllium is an elementary substance.",
    "an elementary substance",
  ],
  [
    "chemistry",
    ["tetraphosphorus", "fluoromethane", "chloromethane"],
    "Tetraphosphorus (P4). Only yellow atoms.",
    "tetraphosphorus",
  ],
  [
    "chemistry",
    CHEM,
    "Answer: They have the same concentration; neither; their concentrations are the same.",
    CHEM[1] as string,
  ],
  [
    "chemistry",
    ["to the right than to the left", "to the left than to the right"],
    "More particles moved to the right than to the left.",
    "to the right than to the left",
  ],
  // answers worded apart from their option (as published gpt-5-nano answers are)
  [
    "chemistry",
    CHEM,
    "Answer: They have the same concentration of green particles.\n\nReasoning: n/V is equal.",
    CHEM[1] as string,
  ],
  [
    "chemistry",
    ["an elementary substance", "a compound"],
    "Beryllium is an element.\n\nReason: one kind of atom.",
    "an elementary substance",
  ],
  [
    "chemistry",
    ["an elementary substance", "a compound"],
    "Potassium bromide is an ionic compound (a salt).",
    "a compound",
  ],
  ["physics", ["repel", "attract"], "The magnets will attract, since opposite poles face each other.", "attract"],
  [
    "physics",
    [
      "the sample with the higher temperature",
      "neither; the samples have the same temperature",
      "the sample with the lower temperature",
    ],
    "Answer: the sample with the higher temperature",
    "the sample with the higher temperature",
  ],
  ["physics", ["weaker", "stronger"], "(B) stronger — the magnets are closer together.", "stronger"],
];

describe("IsoBench-Eval's parser asked of a judge (--judge)", () => {
  it("asks its prompt word for word, with the choices as Python prints a list", () => {
    const prompt = isoBenchEvalParsePrompt("It's B.", ["Solution B", "it's neither"]);
    expect(prompt.startsWith("You are a response parser. Given a model's response to a multiple choice question")).toBe(
      true,
    );
    expect(prompt).toContain('Model Response: "It\'s B."');
    expect(prompt).toContain(`Available Choices: ['Solution B', "it's neither"]`);
    expect(prompt.endsWith(`The answer must be one of these exact values: ['Solution B', "it's neither"]`)).toBe(true);
    const chess = isoBenchEvalParsePrompt("e2e4", ["e2e4", "no-move"]);
    expect(chess.startsWith("You are a chess move parser.")).toBe(true);
  });

  it("keeps the judge's answer as IsoBench-Eval does: a choice, else the first choice; not JSON, its simple parse", () => {
    const choices = ["even", "neither", "odd"];
    expect(isoBenchEvalParsed('{"answer": "odd", "reasoning": "f(-x) = -f(x)"}', "odd", choices)).toBe("odd");
    expect(isoBenchEvalParsed('{"answer": "ODD"}', "odd", choices)).toBe("even");
    expect(isoBenchEvalParsed("odd, clearly", "The function is neither.", choices)).toBe("neither");
    // its chess check lets any answer through when "no-move" is a choice
    expect(
      isoBenchEvalParsed('{"answer": "a4b3"}', "a4b3", ["A move in Algebraic Coordinate Notation", "no-move"]),
    ).toBe("a4b3");
  });

  it("scores a folder with the judge's readings, each recording the judge", async () => {
    const dir = writeModelFolder();
    const asked: string[] = [];
    const judge = {
      label: "judge:parser@gpt-3.5-turbo",
      async ask(prompt: string) {
        asked.push(prompt);
        return prompt.includes("chess") ? '{"answer": "a4b3"}' : '{"answer": "Solution A"}';
      },
    };
    const score = await scoreIsoBenchEvalWithJudge(dir, judge);
    // every record with choices is asked once
    expect(asked).toHaveLength(8);
    expect(score.items.chemistry?.["text:0"]).toMatchObject({
      prediction: "Solution A",
      correct: false,
      decided_by: "judge:parser@gpt-3.5-turbo",
    });
    expect(score.items.puzzle?.["text:0"]).toMatchObject({ prediction: "a4b3", correct: true });
    // an answer that is not a choice is the first choice, as IsoBench-Eval keeps it
    expect(score.items.graph_connectivity?.["text:0"]).toMatchObject({ prediction: "no", correct: false });
  });
});

describe("our parse of IsoBench answers", () => {
  it("agrees with the choice a reader takes on the shapes IsoBench-Eval's prompts ask for", () => {
    const perTask = new Map<string, { agree: number; total: number }>();
    const misses: string[] = [];
    for (const [task, choices, response, expected] of SHAPES) {
      const reading = readChoice(task, response, choices);
      const t = perTask.get(task) ?? { agree: 0, total: 0 };
      t.total++;
      if (reading.prediction === expected) t.agree++;
      else misses.push(`${task}: ${JSON.stringify(response)} → ${reading.prediction} (${reading.decided_by})`);
      perTask.set(task, t);
    }
    const agree = [...perTask.values()].reduce((s, t) => s + t.agree, 0);
    expect(agree / SHAPES.length, misses.join("\n")).toBeGreaterThanOrEqual(0.95);
    for (const [task, t] of perTask)
      expect(t.agree / t.total, `${task}\n${misses.join("\n")}`).toBeGreaterThanOrEqual(0.85);
  });

  it("reads published chemistry and physics answers as IsoBench-Eval's parser read them (gpt-5-nano's results)", () => {
    const salmon = ["the surroundings . . . each salmon", "each salmon . . . the surroundings"];
    const battery = ["the surroundings . . . each battery", "each battery . . . the surroundings"];
    const greater = [
      "The magnitude of the magnetic force is the same in both pairs.",
      "The magnitude of the magnetic force is greater in Pair 1.",
      "The magnitude of the magnetic force is greater in Pair 2.",
    ];
    const smaller = [
      "The magnitude of the magnetic force is smaller in Pair 2.",
      "The magnitude of the magnetic force is smaller in Pair 1.",
      "The magnitude of the magnetic force is the same in both pairs.",
    ];
    const stronger = [
      "The strength of the magnetic force is the same in both pairs.",
      "The magnetic force is stronger in Pair 1.",
      "The magnetic force is stronger in Pair 2.",
    ];
    const cases: [IsoTask, string[], string, string][] = [
      // a transfer "X . . . Y" answered "from … to …", the surroundings named as the environment or the source
      [
        "physics",
        salmon,
        "Here’s a clear way to think about it.\n\n- Since the temperature of each salmon increased, they gained thermal energy.\n- Conclusion: Thermal energy was transferred from the heat source (the surrounding environment, such as hot water) to the salmon(s).",
        salmon[0] as string,
      ],
      [
        "physics",
        battery,
        "From the batteries to the surroundings (the environment).\n\nReasoning:\n- Both batteries cooled, so each lost thermal energy.",
        battery[1] as string,
      ],
      [
        "physics",
        battery,
        "- The temperature drop indicates heat loss from the batteries to the air around them.\n- There is no evidence of heat transfer between the two batteries themselves.",
        battery[1] as string,
      ],
      // two pairs compared with other words than the option's, the subject either side of the comparative
      [
        "physics",
        greater,
        "Step-by-step reasoning:\n\n- In Pair 2, Magnet B is larger.\n\nConclusion:\n- The magnitude of the magnetic force in Pair 2 is greater than in Pair 1. So Pair 2 experiences the stronger force.",
        greater[2] as string,
      ],
      [
        "physics",
        smaller,
        "- Key idea: the force grows with both moments.\n\n- Since the force scales with this product, Pair 2 will experience a larger magnetic force than Pair 1.\n\nConclusion: The magnets in Pair 2 exert a stronger force on each other than those in Pair 1 (assuming equal separation).",
        smaller[1] as string,
      ],
      [
        "physics",
        stronger,
        "- In both Pair 1 and Pair 2 the facing poles are opposite.\n- Magnetic attraction decreases with distance, so the magnets in Pair 1 attract each other more strongly than those in Pair 2.\n\nConclusion: The true statement is that Pair 1 experiences the stronger (larger) attractive force than Pair 2.",
        stronger[1] as string,
      ],
      [
        "physics",
        smaller,
        "Pair 1 attracts; Pair 2 repels.\n\nNote: Pair 2 is also closer (1.25 in vs 2.25 in), so the magnitude of the force (repulsive in Pair 2) would be larger than the attractive force in Pair 1, if you compare magnitudes.",
        smaller[1] as string,
      ],
      [
        "physics",
        greater,
        "Conclusion: Pair 2 has the stronger magnetic force between the magnets.\n\nReasoning:\n- Distances: Pair 1 gap ≈ 1.95 cm; Pair 2 gap ≈ 1 cm.",
        greater[2] as string,
      ],
      [
        "physics",
        stronger,
        "Both pairs have magnets 2 cm apart with the same magnets, so the force is equal in both pairs.",
        stronger[0] as string,
      ],
      // named by a word of the option, or by none: IsoBench-Eval's simple parse
      [
        "physics",
        ["a liquid", "a gas", "a solid"],
        "Solid.\n\nReasoning:\n- The ruler has a definite shape.",
        "a solid",
      ],
      [
        "physics",
        ["away from the magnet", "toward the magnet"],
        "Answer: Upward, toward the magnet (toward the top).",
        "toward the magnet",
      ],
      ["physics", ["rough", "stretchy"], "Short answer: Hardness.\n\nReasoning (concise): rocks are hard.", "rough"],
      ["physics", ["metal", "clay"], "Leather.\n\nReasoning: glossy surface with a metal zipper.", "metal"],
      [
        "physics",
        ["sample B", "neither; the samples have the same temperature", "sample A"],
        "- Therefore KE_B > KE_A.\n\n- Conclusion: Sample B has the higher average kinetic energy and thus the higher temperature.",
        "sample B",
      ],
      ["chemistry", ["an elementary substance", "a compound"], "Beryllium is an element.", "an elementary substance"],
      [
        "chemistry",
        ["to the right than to the left", "to the left than to the right"],
        'Completed sentence:\n"But more solute particles moved across the membrane from the left side to the right side."',
        "to the right than to the left",
      ],
    ];
    const misses = cases
      .map(([task, choices, response, expected]) => ({ expected, reading: readChoice(task, response, choices) }))
      .filter(({ expected, reading }) => reading.prediction !== expected)
      .map(({ expected, reading }) => `${reading.prediction} (${reading.decided_by}) for ${expected}`);
    expect(misses).toEqual([]);
    expect(readChoice("physics", cases[1]?.[2] as string, battery).decided_by).toBe("rule:opening");
    expect(readChoice("physics", "Short answer: Hardness.", ["rough", "stretchy"]).decided_by).toBe(
      "rule:official-fallback",
    );
  });

  it("reads counts, flows and letters as answers are phrased (issue 67: breakpoint agreement 68.9% → 99.4%)", () => {
    const count = ["2", "3"];
    const flows = [...Array.from({ length: 24 }, (_, i) => String(i + 1)), "28"];
    const read = (task: Parameters<typeof readChoice>[0], response: string, choices: string[]) =>
      readChoice(task, response, choices);
    // the count alone on the answer's first line, or in words
    expect(read("math_breakpoint", "2\n\nReason:\n- The pieces meet at x = -6.23 and x = 0.04.", count)).toMatchObject({
      prediction: "2",
      decided_by: "rule:opening",
    });
    expect(
      read("math_breakpoint", "Two breakpoints.\n\nThe slopes change at x = -1.31 and 1.72.", count).prediction,
    ).toBe("2");
    expect(read("math_breakpoint", "**3**\n\nThree corners.", count).prediction).toBe("3");
    // a count outside a few choices goes where the official parser puts it: the nearest, and says so
    expect(
      read("math_breakpoint", "4 breakpoints.\n\nThey occur at x = -9.99, 1.1, 5.78, 13.56.", count),
    ).toMatchObject({
      prediction: "3",
      decided_by: "rule:opening+nearest-choice",
    });
    // among many (flows 1…28), a value that is none of them is not moved to a neighbour
    expect(read("graph_maxflow", "The maximum flow is 26.", flows).prediction).toBeNull();
    // the result of a sum, never its terms; the number stated in an answer sentence, never a node's
    expect(
      read("graph_maxflow", "Paths: 0 -> 2 (5), 0 -> 1 -> 2 (1).\n\nTotal max flow = 5 + 1 = 6.", flows).prediction,
    ).toBe("6");
    expect(
      read("graph_maxflow", "Steps…\n\nAnswer: The maximum flow from source 0 to sink 2 is 5.", flows).prediction,
    ).toBe("5");
    // letters and small numbers as options: whole tokens in their own case ("switch" names no W, "Gas" no A)
    expect(read("physics", "Close switch Z.\n\nReasoning: W: 4Ω, X: 5Ω.", ["W", "X", "Y", "Z"]).prediction).toBe("Z");
    expect(
      read("physics", "Gas state.\nSpecifically in region E (gas), more than in A/B/C.", ["A", "B", "C", "D", "E"])
        .prediction,
    ).toBe("E");
    expect(read("physics", "I = Q / t = 8 C / 4 s = 2 A.", ["1", "2", "3", "4"]).prediction).toBe("2");
    // a comparison's "neither" option in other words, an ion as chemists write it, a direction without "the"
    const same = ["Solution A", "neither; their concentrations are the same", "Solution B"];
    expect(
      read("chemistry", "Equal concentrations.\n\nBoth have 4 particles in the same volume.", same).prediction,
    ).toBe(same[1]);
    expect(
      read("chemistry", "Answer: Al3+ is the oxidizing agent.", ["Fe", "Fe (3+)", "Al", "Al (3+)"]).prediction,
    ).toBe("Al (3+)");
    expect(
      read("chemistry", "From left to right.\n\nThe left side lost a particle.", [
        "to the left than to the right",
        "to the right than to the left",
      ]).prediction,
    ).toBe("to the right than to the left");
    // a game's verdict as stated, never a colour named in passing ("White to move", "Black's rook")
    const game = ["black", "draw", "white"];
    expect(
      read(
        "winner_id",
        "Assessment (White to move assumed).\n\nBlack's rook is active. Black has the winning position.",
        game,
      ).prediction,
    ).toBe("black");
    expect(read("winner_id", "White.", game).prediction).toBe("white");
    // a science answer's concluding sentence over an opening that only lists the samples
    expect(
      read(
        "physics",
        "- Observation: Sample A particles have mass 17 u and Sample B 28 u.\n- Conclusion: Sample B is the hotter sample.",
        ["neither; the samples have the same temperature", "sample B", "sample A"],
      ),
    ).toMatchObject({ prediction: "sample B", decided_by: "rule:conclusion" });
  });

  it("says what decided, and reads nothing from an empty or unreadable answer", () => {
    expect(readChoice("graph_maxflow", "", null)).toEqual({
      prediction: null,
      extraction: null,
      decided_by: "rule:empty-response",
    });
    expect(readChoice("math_parity", "I am not sure.", ["even", "neither", "odd"]).decided_by).toBe("rule:unreadable");
    expect(
      readChoice("math_parity", "\\boxed{\\text{odd}} although it looks even", ["even", "neither", "odd"]),
    ).toMatchObject({
      prediction: "odd",
      decided_by: "rule:boxed",
    });
  });
});
