// Synthetic battles from known strengths and style effects, for tests and benchmarks.
import fs from "node:fs";
import { progressBar } from "../../../lib/cli/progress";
import { createRandom } from "../../../lib/numeric";
import type { Battle, StyleCounts } from "../../../lib/ratings/types";

export interface SyntheticOptions {
  models: number;
  battles: number;
  seed?: number;
  /** spread of true ratings on the 400-point scale */
  spread?: number;
  /** natural-log-odds effect of the standardised-ish length feature */
  lengthEffect?: number;
  tieRate?: number;
}

export function modelName(i: number): string {
  return `model-${String(i).padStart(3, "0")}`;
}

/** Generates battles one at a time, so a million of them can be written without holding them. */
export function* syntheticBattles(options: SyntheticOptions): Generator<Battle> {
  const rand = createRandom(options.seed ?? 1, 7);
  const M = options.models;
  const spread = options.spread ?? 200;
  const lengthEffect = options.lengthEffect ?? 0.3;
  const tieRate = options.tieRate ?? 0.2;
  const strength = Array.from({ length: M }, (_, i) => (spread * (i - (M - 1) / 2)) / Math.max(1, M - 1));
  const verbosity = Array.from({ length: M }, () => 150 + rand() * 500);
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-300)) * Math.cos(2 * Math.PI * rand());
  for (let k = 0; k < options.battles; k++) {
    const a = Math.floor(rand() * M);
    let b = Math.floor(rand() * (M - 1));
    if (b >= a) b++;
    const tokensA = Math.max(1, Math.round((verbosity[a] as number) * Math.exp(0.4 * gauss())));
    const tokensB = Math.max(1, Math.round((verbosity[b] as number) * Math.exp(0.4 * gauss())));
    const count = (tokens: number, rate: number) => Math.floor((tokens / 100) * rate * rand() * 2);
    const style: StyleCounts = [
      tokensA,
      count(tokensA, 0.3),
      count(tokensA, 1),
      count(tokensA, 0.6),
      tokensB,
      count(tokensB, 0.3),
      count(tokensB, 1),
      count(tokensB, 0.6),
    ];
    const z =
      (Math.LN10 * ((strength[a] as number) - (strength[b] as number))) / 400 +
      lengthEffect * ((tokensA - tokensB) / (tokensA + tokensB + 1)) * 3;
    const p = 1 / (1 + Math.exp(-z));
    const u = rand();
    const winner = u < tieRate ? (rand() < 0.3 ? "tie (bothbad)" : "tie") : rand() < p ? "model_a" : "model_b";
    yield {
      modelA: modelName(a),
      modelB: modelName(b),
      winner,
      anony: rand() < 0.95,
      language: rand() < 0.7 ? "English" : "Chinese",
      turn: rand() < 0.15 ? 2 : 1,
      tstamp: 1_700_000_000 + k,
      style,
    };
  }
}

/** FastChat's clean-battle JSON record for a battle (the layout of the public datasets). */
export function toCleanBattle(battle: Battle, index: number): Record<string, unknown> {
  const s = battle.style;
  return {
    question_id: `q${index}`,
    model_a: battle.modelA,
    model_b: battle.modelB,
    winner: battle.winner,
    judge: `arena_user_${index % 5000}`,
    anony: battle.anony,
    language: battle.language,
    turn: battle.turn,
    tstamp: battle.tstamp,
    conv_metadata: s
      ? {
          sum_assistant_a_tokens: s[0],
          header_count_a: { h1: s[1], h2: 0, h3: 0, h4: 0, h5: 0, h6: 0 },
          list_count_a: { ordered: 0, unordered: s[2] },
          bold_count_a: { "**": s[3], __: 0 },
          sum_assistant_b_tokens: s[4],
          header_count_b: { h1: s[5], h2: 0, h3: 0, h4: 0, h5: 0, h6: 0 },
          list_count_b: { ordered: 0, unordered: s[6] },
          bold_count_b: { "**": s[7], __: 0 },
        }
      : undefined,
  };
}

/** Writes synthetic battles as FastChat clean-battle JSON Lines, with a progress bar (the rating benches' input). */
export async function writeSyntheticJsonl(file: string, options: SyntheticOptions): Promise<void> {
  const out = fs.createWriteStream(file);
  const bar = progressBar(`writing ${options.battles}`);
  let k = 0;
  let buffer: string[] = [];
  for (const battle of syntheticBattles(options)) {
    buffer.push(JSON.stringify(toCleanBattle(battle, k)));
    if (++k % 10_000 === 0) {
      if (!out.write(`${buffer.join("\n")}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
      buffer = [];
      bar.update(k, options.battles);
    }
  }
  if (buffer.length) out.write(`${buffer.join("\n")}\n`);
  await new Promise<void>((resolve) => out.end(resolve));
  bar.done();
}
