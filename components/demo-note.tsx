// One sentence about demo battles, the same on the board, /data, /research and /about: the built-in demo models
// let a visitor try the arena, and their battles stay out of every count unless the board is labelled a demo board.
import { serverTranslator } from "@/lib/i18n/session";

export async function DemoNote({ battles, onBoard }: { battles: number; onBoard: boolean }) {
  if (battles === 0 && !onBoard) return null;
  const { t } = await serverTranslator();
  const so = battles > 0 ? `${t("demoNote.soFar", { count: battles })} ` : "";
  return (
    <p className="text-xs muted" data-testid="demo-note">
      {so}
      {onBoard ? t("demoNote.onBoard") : t("demoNote.nowhere")}
    </p>
  );
}
