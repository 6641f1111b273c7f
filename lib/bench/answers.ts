// Average answer length per model from arena-hard-auto's model answer files (`model_answer/*.jsonl`), as its
// leaderboard prints it: the first turn's `token_len` (or `conv_metadata.token_len`), averaged, truncated.
import { readJsonLines } from "../evals";

export async function averageAnswerTokens(files: string[]): Promise<Map<string, number>> {
  const totals = new Map<string, { tokens: number; answers: number }>();
  for (const file of files) {
    for await (const { row } of readJsonLines(file)) {
      const model = typeof row.model_id === "string" ? row.model_id : typeof row.model === "string" ? row.model : null;
      if (!model) continue;
      const turn = (row.choices as { turns?: { token_len?: unknown }[] }[] | undefined)?.[0]?.turns?.[0];
      const fromTurn = typeof turn?.token_len === "number" ? turn.token_len : undefined;
      const fromMeta = (row.conv_metadata as { token_len?: unknown } | undefined)?.token_len;
      const tokens = fromTurn ?? (typeof fromMeta === "number" ? fromMeta : 0);
      const total = totals.get(model) ?? { tokens: 0, answers: 0 };
      total.tokens += tokens;
      total.answers += 1;
      totals.set(model, total);
    }
  }
  return new Map([...totals].map(([model, t]) => [model, Math.trunc(t.tokens / t.answers)]));
}
