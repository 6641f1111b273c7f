// The page of an arena mode without a board of its own (side by side, direct chat): its title and the arena.
import { Arena } from "@/components/arena/arena";
import { serverTranslator } from "@/lib/i18n/session";

export async function ModePage({ mode, title }: { mode: "direct" | "side_by_side"; title: string }) {
  const { t } = await serverTranslator();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{t(title)}</h1>
      <Arena mode={mode} />
    </div>
  );
}
