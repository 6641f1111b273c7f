// npm run bench:benchmarks: scoring throughput of the ground-truth benchmark scorers on 10,000 synthetic responses
// each (MathVista in its output layout, EMMA, IsoBench), through the same file path `arena benchmark score` takes,
// and the share of items the rules decided (the rest would need a judge model). Prints JSON.
//   BENCH_BENCHMARK_ITEMS=N changes the 10,000.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { scoreOutputs } from "../lib/benchmarks";

const N = Number(process.env.BENCH_BENCHMARK_ITEMS ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-benchmarks-"));

// The models' answers, cycled over the items: every rule of each benchmark's extraction, and some it cannot read.
// biome-ignore format: one line a benchmark
const MATHVISTA_RESPONSES = ["B", "(C) 55°", "The answer is 12.", "12", "3.14159", 'So The answer is "A".', "I cannot tell", ""];
// biome-ignore format: one line a benchmark
const EMMA_RESPONSES = ["B", "\\boxed{\\frac{1}{2}}", "The final answer is 0.5.", "12.5", "Let me think: \\boxed{x+1}", "no idea"];

function mathvistaFiles() {
  const data: Record<string, unknown> = {};
  const outputs: Record<string, unknown> = {};
  const responses = MATHVISTA_RESPONSES;
  for (let i = 0; i < N; i++) {
    const pid = String(i + 1);
    const kind = i % 3;
    data[pid] =
      kind === 0
        ? {
            pid,
            question_type: "multi_choice",
            answer_type: "text",
            choices: ["145°", "35°", "55°", "70°"],
            precision: null,
            answer: "35°",
            metadata: { source: `S${i % 7}`, language: "english", skills: ["geometry reasoning"] },
          }
        : {
            pid,
            question_type: "free_form",
            answer_type: kind === 1 ? "integer" : "float",
            choices: null,
            precision: kind === 2 ? 2.0 : null,
            answer: kind === 1 ? "12" : "3.14",
            metadata: { source: `S${i % 7}`, language: "english", skills: ["arithmetic reasoning"] },
          };
    outputs[pid] = { response: responses[i % responses.length] };
  }
  fs.writeFileSync(path.join(dir, "mv-data.json"), JSON.stringify(data));
  fs.writeFileSync(path.join(dir, "mv-out.json"), JSON.stringify(outputs));
  return [path.join(dir, "mv-out.json"), path.join(dir, "mv-data.json")] as const;
}

function emmaFiles() {
  const outputs: Record<string, unknown> = {};
  const responses = EMMA_RESPONSES;
  for (let i = 0; i < N; i++) {
    const pid = `emma-${i}`;
    outputs[pid] = {
      pid,
      subject: ["Math", "Physics", "Chemistry", "Coding"][i % 4],
      type: i % 2 ? "Multiple Choice" : "Open-ended",
      options: ["0.25", "0.5", "1"],
      answer: i % 2 ? "B" : "0.5",
      category: "c",
      task: "t",
      response: responses[i % responses.length],
    };
  }
  fs.writeFileSync(path.join(dir, "emma-out.json"), JSON.stringify(outputs));
  return path.join(dir, "emma-out.json");
}

function isobenchFiles() {
  const flow = "[[0, 7, 4, 3, 2], [0, 0, 0, 0, 7], [0, 6, 0, 0, 4], [0, 5, 6, 0, 6], [0, 0, 0, 0, 0]]";
  const data: string[] = [];
  const outputs: string[] = [];
  for (let i = 0; i < N / 2; i++) {
    data.push(JSON.stringify({ id: i, adjacency_matrix: flow, source_node: 0, sink_node: 4, label: 16 }));
    outputs.push(JSON.stringify({ id: i, representation: "image", response: i % 3 ? "12" : "16" }));
    outputs.push(JSON.stringify({ id: i, representation: "latex", response: '{"answer": 16, "explanation": "…"}' }));
  }
  fs.writeFileSync(path.join(dir, "graph_maxflow.jsonl"), data.join("\n"));
  fs.writeFileSync(path.join(dir, "iso-out.jsonl"), outputs.join("\n"));
  return [path.join(dir, "iso-out.jsonl"), path.join(dir, "graph_maxflow.jsonl")] as const;
}

function measure(run: () => ReturnType<typeof scoreOutputs>) {
  const started = performance.now();
  const score = run();
  const seconds = (performance.now() - started) / 1000;
  const items = Object.values(score.items);
  const byRule = items.filter((v) => v.decided_by.startsWith("rule:") || v.decided_by === "file").length;
  return {
    items: items.length,
    seconds: Number(seconds.toFixed(3)),
    itemsPerSecond: Math.round(items.length / seconds),
    ruleDecidedShare: Number((byRule / items.length).toFixed(3)),
    accuracy: Number(score.accuracy.overall.accuracy.toFixed(4)),
  };
}

try {
  const [mvOut, mvData] = mathvistaFiles();
  const emmaOut = emmaFiles();
  const [isoOut, isoData] = isobenchFiles();
  const results = {
    mathvista: measure(() => scoreOutputs("mathvista", mvOut, mvData)),
    emma: measure(() => scoreOutputs("emma", emmaOut)),
    isobench: measure(() => scoreOutputs("isobench", isoOut, [isoData])),
  };
  console.log(JSON.stringify(results, null, 2));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
