// One sentence about demo battles, the same on the board, /data, /research and /about: the built-in demo models
// let a visitor try the arena, and their battles stay out of every count unless the board is labelled a demo board.
import { counted } from "@/components/format";

export function DemoNote({ battles, onBoard }: { battles: number; onBoard: boolean }) {
  if (battles === 0 && !onBoard) return null;
  const so = battles > 0 ? `${counted(battles, "vote")} so far fell on battles against the built-in demo models. ` : "";
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="demo-note">
      {so}
      {onBoard
        ? "They count only on this arena's demo board, labelled as such; the data page, research downloads and exports leave them out."
        : "Demo battles are for trying the arena out: they count on no board, in no figure and in no download."}
    </p>
  );
}
