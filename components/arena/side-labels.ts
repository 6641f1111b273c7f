// How each side of the battle page is labelled: its title (and the model, once revealed), where its latest answer
// stands, and after a vote how it came out.

import type { Translate } from "@/lib/i18n/client";
import type { Verdict } from "./answer-pane";
import type { ModelInfo, Side, Winner } from "./api";
import type { Mode } from "./battle-state";
import type { Entry } from "./resume";

export function verdictOf(mode: Mode, vote: Winner | null, side: Side): Verdict | null {
  if (!vote || mode === "direct") return null;
  if (vote === "tie") return "tie";
  if (vote === "tie (bothbad)") return "bothbad";
  return (vote === "model_a") === (side === "a") ? "winner" : "loser";
}

export function sideTitle(mode: Mode, revealed: Partial<Record<Side, ModelInfo>>, side: Side, t: Translate): string {
  const label = mode === "direct" ? t("arena.model") : t("arena.modelSide", { side: side.toUpperCase() });
  const model = revealed[side];
  if (!model) return label;
  return `${label}: ${model.displayName}${model.isDemo ? ` ${t("arena.demo")}` : ""}`;
}

export function sideStatus(entries: Record<Side, Entry[]>, side: Side, t: Translate): string {
  const last = entries[side][entries[side].length - 1];
  if (last?.role !== "assistant") return "";
  return t(last.status === "streaming" ? "arena.answering" : last.status === "error" ? "arena.failed" : "arena.ready");
}
