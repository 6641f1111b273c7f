// npm run bench:cli [-- BATTLES]: `arena leaderboard --style-control --bootstrap 100` on synthetic battles (200k by
// default, 60 models, FastChat's clean-battle JSON Lines) beside FastChat's own style-controlled fit and 100-round
// bootstrap on the same file in the same run, with each side's split (start-up, reading, fit and bootstrap).
// FastChat is not part of this project: FASTCHAT_DIR names a FastChat checkout and FASTCHAT_PYTHON a Python with
// pandas, scipy and tqdm (default python3); without them only our side is measured. Prints JSON.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSyntheticJsonl } from "../tests/support/ratings/synthetic";

const ROUNDS = 100;
const RUNS = 3;
const TARGET_RATIO = 0.03;
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

function timed(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const start = performance.now();
  const child = spawnSync(command, args, { encoding: "utf8", env, cwd: root, maxBuffer: 1 << 26 });
  const seconds = (performance.now() - start) / 1000;
  if (child.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${child.stderr.slice(-2000)}`);
  return { seconds, stdout: child.stdout, stderr: child.stderr };
}

const lastJsonLine = (text: string) =>
  JSON.parse(
    text
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .at(-1) as string,
  );

const seconds = (ms: number) => Number((ms / 1000).toFixed(3));

function arenaRun(file: string, out: string) {
  const run = timed(process.execPath, [
    "bin/arena.mjs",
    "leaderboard",
    file,
    "--style-control",
    "--bootstrap",
    String(ROUNDS),
    "--format",
    "json",
    "--out",
    out,
    "--timings",
  ]);
  const { timings } = lastJsonLine(run.stderr) as { timings: Record<string, number> };
  return {
    wallSeconds: Number(run.seconds.toFixed(3)),
    split: {
      startupSeconds: seconds(timings.startupMs ?? 0),
      readingSeconds: seconds(timings.readingMs ?? 0),
      fitAndBootstrapSeconds: seconds(timings["board:overallMs"] ?? 0),
      outputSeconds: seconds(timings.outputMs ?? 0),
    },
  };
}

function fastChatRun(file: string) {
  const dir = process.env.FASTCHAT_DIR;
  if (!dir)
    return {
      skipped: "set FASTCHAT_DIR to a FastChat checkout (and FASTCHAT_PYTHON to a Python with pandas, scipy, tqdm)",
    };
  const run = timed(process.env.FASTCHAT_PYTHON ?? "python3", [
    path.join(root, "scripts/fastchat/time_style_control.py"),
    file,
    String(ROUNDS),
  ]);
  const split = lastJsonLine(run.stdout) as Record<string, number>;
  return {
    wallSeconds: Number(run.seconds.toFixed(3)),
    split: {
      startupSeconds: split.startupSeconds,
      readingSeconds: split.readingSeconds,
      fitAndBootstrapSeconds: Number(((split.fitSeconds ?? 0) + (split.bootstrapSeconds ?? 0)).toFixed(3)),
    },
  };
}

const battles = Number(process.argv[2] ?? 200_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-bench-cli-"));
try {
  const file = path.join(dir, "battles.jsonl");
  await writeSyntheticJsonl(file, { models: 60, battles, seed: 42 });
  // The shipped path: the command's ahead-of-time build, as `npx arena` runs it after npm install.
  timed(process.execPath, ["scripts/build-cli.mjs"]);
  const runs = Array.from({ length: RUNS }, () => arenaRun(file, path.join(dir, "board.json")));
  const arena = runs.sort((x, y) => x.wallSeconds - y.wallSeconds)[Math.floor(RUNS / 2)]!;
  const fastchat = fastChatRun(file);
  const ratio =
    fastchat.wallSeconds === undefined ? null : Number((arena.wallSeconds / fastchat.wallSeconds).toFixed(4));
  console.log(
    JSON.stringify(
      {
        machine: { cpus: os.availableParallelism(), node: process.version },
        battles,
        rounds: ROUNDS,
        arena: { ...arena, runs: runs.map((run) => run.wallSeconds) },
        fastchat,
        ratio,
        targetRatio: TARGET_RATIO,
        met: ratio === null ? null : ratio <= TARGET_RATIO,
      },
      null,
      2,
    ),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
