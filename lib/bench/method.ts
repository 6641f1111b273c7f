// The method behind a bench board, named as readers of the published leaderboards know it. Its own module: the
// pages import it without the rating engine (score.ts brings its worker threads into the page's bundle trace).
import type { BenchScore } from "./score";

/** The method behind a board, in words a reader of the published leaderboards recognises. */
export function benchMethodLabel(result: Pick<BenchScore, "method" | "styleControl">): string {
  if (result.method === "arena-hard-v2")
    return result.styleControl?.length
      ? `arena-hard-auto v2, style-controlled (${result.styleControl.join(" + ")}): median win probability, 5–95% interval`
      : "arena-hard-auto v2: mean of bootstrap win rates, 5–95% interval";
  return "arena-hard-auto v0.1 / WildVision-Bench: Bradley–Terry win rate, 2.5–97.5% interval";
}
