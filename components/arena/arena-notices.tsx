// The lines above a battle: the terms still to accept, and the fair-play rule of anonymous battles.
import type { Mode } from "./battle-state";

export function ArenaNotices({
  mode,
  termsDismissed,
  onReadTerms,
}: {
  mode: Mode;
  termsDismissed: boolean;
  onReadTerms: () => void;
}) {
  return (
    <>
      {termsDismissed && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          To ask the models, please read and accept the terms of use first.
          <button type="button" className="underline" onClick={onReadTerms}>
            Read the terms
          </button>
        </p>
      )}
      {mode === "battle" && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Two anonymous models answer side by side. Vote for the better answer to see who they are.{" "}
          <strong>Play fair:</strong> if a model reveals its identity, your vote does not count.
        </p>
      )}
    </>
  );
}
