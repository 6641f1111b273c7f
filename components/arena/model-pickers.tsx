"use client";
import { useT } from "@/components/i18n";

import type { ModelInfo, Side } from "./api";
import type { Mode } from "./battle-state";

/** The model choosers of named battles and direct chat (fixed once the conversation starts). */
export function ModelPickers({
  mode,
  models,
  picked,
  locked,
  onPick,
}: {
  mode: Exclude<Mode, "battle">;
  models: ModelInfo[];
  picked: Record<Side, string>;
  locked: boolean;
  onPick: (side: Side, id: string) => void;
}) {
  const t = useT();
  const sides: Side[] = mode === "direct" ? ["a"] : ["a", "b"];
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {sides.map((side) => {
        const label = mode === "direct" ? t("arena.model") : t("arena.modelSide", { side: side.toUpperCase() });
        return (
          <label key={side} className="flex min-w-0 items-center gap-2">
            {label}
            <select
              className="min-w-0 max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
              value={picked[side]}
              disabled={locked}
              onChange={(e) => onPick(side, e.target.value)}
              aria-label={label}
            >
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.displayName}
                  {m.vision ? "" : t("arena.textOnly")}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {mode === "side_by_side" && <span className="muted">{t("arena.namedNotCounted")}</span>}
    </div>
  );
}
