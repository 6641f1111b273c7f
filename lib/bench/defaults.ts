// The bench's defaults from the environment: which anchor, judge and embedding model to use when a command or the
// console does not say (the paper: anchor gpt-4-turbo-2024-04-09 or claude-3-sonnet-20240229, judge GPT-4o).
import { type Config, config } from "../config";

export interface BenchDefaults {
  anchor?: string;
  judge?: string;
  embedder?: string;
}

export function benchDefaults(c: Config = config()): BenchDefaults {
  return { anchor: c.ARENA_BENCH_ANCHOR, judge: c.ARENA_BENCH_JUDGE, embedder: c.ARENA_BENCH_EMBEDDER };
}
