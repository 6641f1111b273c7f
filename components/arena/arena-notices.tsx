import { useT } from "@/components/i18n";
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
  const t = useT();
  return (
    <>
      {termsDismissed && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("terms.needed")}
          <button type="button" className="underline" onClick={onReadTerms}>
            {t("terms.read")}
          </button>
        </p>
      )}
      {mode === "battle" && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("arena.fairPlay")} <strong>{t("arena.fairPlayStrong")}</strong> {t("arena.fairPlayRule")}
        </p>
      )}
    </>
  );
}
