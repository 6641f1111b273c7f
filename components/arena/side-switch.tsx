// On a phone one answer shows at a time: the two buttons that switch between them, each with its side's state.
import { useT } from "@/components/i18n";
import type { Side } from "./api";
import { sideStatus } from "./side-labels";

export function SideSwitch(props: {
  sides: Side[];
  shown: Side;
  onShow: (side: Side) => void;
  entries: Parameters<typeof sideStatus>[0];
}) {
  const t = useT();
  return (
    <fieldset className="grid grid-cols-2 gap-2 md:hidden">
      <legend className="sr-only">{t("arena.whichAnswer")}</legend>
      {props.sides.map((side) => (
        <button
          key={side}
          type="button"
          aria-pressed={props.shown === side}
          onClick={() => props.onShow(side)}
          data-testid={`show-${side}`}
          className={`rounded-lg border px-3 py-2 text-sm font-medium ${
            props.shown === side
              ? "border-brand-600 bg-brand-600 text-white"
              : "border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
          }`}
        >
          {t("arena.answerSide", { side: side.toUpperCase() })}
          {sideStatus(props.entries, side, t)}
        </button>
      ))}
    </fieldset>
  );
}
