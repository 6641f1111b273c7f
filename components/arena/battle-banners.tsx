// Above a battle not yet started: the cohort the visitor's battles count in (or why the address's tag was refused),
// and the model a battle will be asked against when the visitor came from its page.
import { useT } from "@/components/i18n";
import type { ModelInfo } from "./api";
import type { CohortState } from "./cohort";

const banner = "rounded-lg bg-brand-50 px-3 py-2 text-sm dark:bg-zinc-900";

export function BattleBanners({ cohort, withModel }: { cohort: CohortState; withModel: ModelInfo | null }) {
  const t = useT();
  return (
    <>
      {(cohort.name || cohort.refused) && (
        <p className={banner} data-testid="cohort">
          {cohort.refused
            ? t("arena.cohortRefused", { tag: cohort.refused })
            : t("arena.cohort", { name: cohort.name ?? "" })}
        </p>
      )}
      {withModel && (
        <p className={banner} data-testid="battle-with">
          {t("arena.withBefore")} <b>{withModel.displayName}</b>
          {t("arena.withAfter")}{" "}
          <a href="/" className="underline">
            {t("arena.withAny")}
          </a>
        </p>
      )}
    </>
  );
}
