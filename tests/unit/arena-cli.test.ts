// The `arena` command as a user runs it: a real process, real files.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REF = "tests/fixtures/reference";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-cli-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function arena(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/arena.mjs", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the compiled arena command (dist/cli)", () => {
  it("prints exactly what the TypeScript one prints on every reference battle file, worker threads included", () => {
    const built = spawnSync(process.execPath, ["scripts/build-cli.mjs"], { encoding: "utf8" });
    expect(built.status, built.stderr).toBe(0);
    const run = (tsx: boolean, args: string[]) => {
      const env = { ...process.env, ARENA_CLI_TSX: tsx ? "1" : "0" };
      const result = spawnSync(process.execPath, ["bin/arena.mjs", ...args], { encoding: "utf8", env });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    const files = [
      `${REF}/llmfao/battles.json`,
      `${REF}/genai-arena/battles.json`,
      `${REF}/style-synthetic/battles.json.gz`,
    ];
    for (const file of files) {
      // enough rounds that the bootstrap runs on worker threads, which the compiled build finds beside itself
      const args = ["leaderboard", file, "--bootstrap", "40", "--workers", "2", "--format", "json"];
      if (file.includes("style")) args.push("--style-control");
      const compiled = run(false, args);
      expect(JSON.parse(compiled).models.length).toBeGreaterThan(5);
      expect(compiled).toBe(run(true, args));
    }
    // a build and two runs a file: 16 s alone, 20.5 s beside the production build (over vitest's 20 s)
  }, 60_000);
});

describe("arena leaderboard", () => {
  it("prints the documented JSON shape, with style coefficients under --style-control", () => {
    const { code, stdout } = arena(
      "leaderboard",
      `${REF}/style-synthetic/battles.json.gz`,
      ..."--style-control --bootstrap 20 --format json".split(" "),
    );
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ battles: 20000, components: 1, warnings: [] });
    expect(Object.keys(json.models[0])).toEqual(
      expect.arrayContaining(["model", "rating", "ciLower", "ciUpper", "rank", "votes", "winRate"]),
    );
    expect(json.styleCoefficients.map((c: { feature: string }) => c.feature)).toEqual([
      "tokens",
      "headers",
      "lists",
      "bold",
    ]);
    expect(json.styleCoefficients[0].value).toBeCloseTo(0.248, 3);
  });

  it("uses only anonymous battles unless --all-battles, and reports the two groups of genai-arena", () => {
    const anonymous = JSON.parse(
      arena("leaderboard", `${REF}/genai-arena/battles.json`, "--ci", "sandwich", "--format", "json").stdout,
    );
    const all = JSON.parse(
      arena("leaderboard", `${REF}/genai-arena/battles.json`, "--ci", "sandwich", "--all-battles", "--format", "json")
        .stdout,
    );
    expect(anonymous.battles).toBe(1515);
    expect(all.battles).toBeGreaterThan(2000);
    expect(anonymous.components).toBe(2);
    expect(anonymous.warnings.join(" ")).toContain("never compared");
  });

  it("prints a table with Rank (UB) and +x/-y intervals, and writes --out files", () => {
    const { code, stdout } = arena("leaderboard", `${REF}/llmfao/battles.json`, "--bootstrap", "10");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[1]).toMatch(/^Rank \(UB\)\s+Tier\s+Model\s+Rating\s+95% CI\s+Votes/);
    expect(lines[3]).toMatch(/^\s+1\s+1\s+GPT 4\s+1172\.\d\s+\+\d+\/-\d+\s+158/);
    const out = path.join(dir, "board.csv");
    expect(
      arena("leaderboard", `${REF}/llmfao/battles.json`, "--ci", "sandwich", "--format", "csv", "--out", out).code,
    ).toBe(0);
    expect(fs.readFileSync(out, "utf8").split("\n")[0]).toBe(
      "category,rank,model,rating,ci_lower,ci_upper,votes,wins,losses,ties,win_rate,tier,preliminary",
    );
  });

  it("says where the time went with --timings (stderr, the output unchanged)", () => {
    const plain = arena("leaderboard", `${REF}/llmfao/battles.json`, "--ci", "sandwich", "--format", "json");
    const timed = arena(
      "leaderboard",
      `${REF}/llmfao/battles.json`,
      "--ci",
      "sandwich",
      "--format",
      "json",
      "--timings",
    );
    expect(timed.code).toBe(0);
    expect(timed.stdout).toBe(plain.stdout);
    const { timings, battles } = JSON.parse(timed.stderr.trim().split("\n").at(-1) as string);
    expect(Object.keys(timings)).toEqual(["startupMs", "readingMs", "board:overallMs", "outputMs", "totalMs"]);
    expect(battles).toBeGreaterThan(0);
    for (const ms of Object.values(timings)) expect(Number.isInteger(ms) && (ms as number) >= 0).toBe(true);
  });

  it("anchors the scale on a model", () => {
    const json = JSON.parse(
      arena(
        "leaderboard",
        `${REF}/llmfao/battles.json`,
        "--ci",
        "sandwich",
        "--anchor",
        "GPT 4=1300",
        "--format",
        "json",
      ).stdout,
    );
    expect(json.models.find((m: { model: string }) => m.model === "GPT 4").rating).toBe(1300);
  });

  it.each([
    [["leaderboard", "missing.json"], 1, "arena: error: cannot read missing.json: no such file"],
    [["leaderboard", "README.md"], 1, "arena: error: unknown battle file format for README.md"],
    [["leaderboard", `${REF}/llmfao/battles.json`, "--category", "ocr"], 2, "arena: error: unknown category 'ocr'"],
    [
      ["leaderboard", `${REF}/llmfao/battles.json`, "--format", "xml"],
      2,
      "arena: error: --format must be table, json or csv",
    ],
    [
      ["leaderboard", `${REF}/llmfao/battles.json`, "--bootstrap", "many"],
      2,
      "arena: error: --bootstrap must be an integer",
    ],
    [
      ["leaderboard", `${REF}/llmfao/battles.json`, "--anchor", "GPT 4"],
      2,
      "arena: error: --anchor takes MODEL=RATING",
    ],
    [["leaderboard", `${REF}/llmfao/battles.json`, "--what"], 2, "arena: error: Unknown option '--what'"],
    [["fly"], 2, "arena: error: unknown command 'fly'"],
  ])("fails with one clear line: %j", (args, status, message) => {
    const { code, stderr } = arena(...(args as string[]));
    expect(code).toBe(status);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
  });

  it("says when no battle is left after filtering", () => {
    const file = path.join(dir, "named.jsonl");
    fs.writeFileSync(file, `${JSON.stringify({ model_a: "a", model_b: "b", winner: "tie", anony: false })}\n`);
    const { code, stderr } = arena("leaderboard", file);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      "arena: error: no battles left after filtering (category overall, anonymous battles only; --all-battles uses all)",
    );
  });
});

describe("arena bench score", () => {
  it("scores arena-hard-auto judgment files against the baseline, with answer lengths, as JSON, CSV and a table", () => {
    const judgments = path.join(dir, "judgments");
    const answers = path.join(dir, "answers");
    fs.mkdirSync(judgments, { recursive: true });
    fs.mkdirSync(answers, { recursive: true });
    const line = (model: string, q: number, scores: string[]) =>
      JSON.stringify({ question_id: `q${q}`, model, judge: "gpt-4o", games: scores.map((score) => ({ score })) });
    // model-x wins 3 of 4 games plainly against the baseline: 75.00; model-y ties everything: 50.00
    fs.writeFileSync(
      path.join(judgments, "model-x.jsonl"),
      [line("model-x", 1, ["B>A", "A>B"]), line("model-x", 2, ["B>A", "B>A"])].join("\n"),
    );
    fs.writeFileSync(
      path.join(judgments, "model-y.jsonl"),
      [line("model-y", 1, ["A=B", "A=B"]), line("model-y", 2, ["A=B", "A=B"])].join("\n"),
    );
    const answer = (model: string, q: number, tokens: number) =>
      JSON.stringify({
        question_id: `q${q}`,
        model_id: model,
        choices: [{ turns: [{ content: "…", token_len: tokens }] }],
      });
    fs.writeFileSync(
      path.join(answers, "model-x.jsonl"),
      [answer("model-x", 1, 100), answer("model-x", 2, 201)].join("\n"),
    );
    const { code, stdout } = arena(
      "bench",
      "score",
      judgments,
      ..."--baseline base-model --answers".split(" "),
      answers,
      ..."--bootstrap 20 --format json".split(" "),
    );
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.baseline).toBe("base-model");
    expect(json.models.map((m: { model: string; score: number }) => [m.model, m.score])).toEqual([
      ["model-x", 75],
      ["base-model", 50],
      ["model-y", 50],
    ]);
    expect(json.models[0]).toMatchObject({
      counts: { much_better: 0, better: 3, tie: 0, worse: 1, much_worse: 0, invalid: 0 },
      avg_tokens: 150,
    });
    expect(json.models[0].ci).toHaveLength(2);
    const csv = arena("bench", "score", judgments, "--baseline", "base-model", "--bootstrap", "0", "--format", "csv");
    expect(csv.stdout.split("\n")[1]).toMatch(/^model-x,75,/);
    const table = arena("bench", "score", judgments, "--baseline", "base-model", "--bootstrap", "0");
    expect(table.stdout).toMatch(/model-x\s+75\.0/);
  });

  it("says which file, line and field is wrong, and what the usage is", () => {
    const bad = path.join(dir, "bad-judgments.jsonl");
    fs.writeFileSync(bad, `${JSON.stringify({ question_id: "q1", games: [] })}\n`);
    const broken = arena("bench", "score", bad, "--baseline", "b");
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim()).toBe(`arena: error: ${bad}:1: field model is missing or not a string`);
    const usage = arena("bench", "score", bad);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--baseline MODEL is required");
  });
});
