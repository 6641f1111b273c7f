import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BoardView } from "@/components/leaderboard/board-view";
import { CompositeView } from "@/components/leaderboard/composite-view";
import { CATEGORY_LABELS } from "@/lib/categories";
import { getDb } from "@/lib/db";
import { demoBattleCount } from "@/lib/export";
import type { QueryProps } from "@/lib/http";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";
import { servedCategories, servedRankHistory, servedSnapshot } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.leaderboard");

export default async function LeaderboardPage({ searchParams }: QueryProps) {
  const params = await searchParams;
  const db = getDb();
  if (params.board === "composite") {
    // style control on unless the address turns it off, as on the live board
    const composite = params.style !== "0";
    const { t } = await serverTranslator();
    const snapshot = await servedSnapshot(db, "overall", composite, "composite");
    return <CompositeView snapshot={snapshot} style={composite} t={t} />;
  }
  if (params.board !== undefined && params.board !== "live") notFound();
  const category = params.category ?? "overall";
  // style control is on unless the address turns it off (LMArena's default since 2025); the API keeps `style` explicit
  const style = params.style !== "0";
  const [snapshot, overall, plain, categories, demoBattles, ranks, composite] = await Promise.all([
    servedSnapshot(db, category, style),
    servedSnapshot(db, "overall", false),
    style ? servedSnapshot(db, category, false) : null,
    servedCategories(db),
    demoBattleCount(db),
    servedRankHistory(db, { category, styleControl: style }),
    servedSnapshot(db, "overall", false, "composite"),
  ]);
  const { t } = await serverTranslator();
  // an unknown category is a missing page, not an empty board
  const known =
    category in CATEGORY_LABELS || category.startsWith("language:") || categories.some((c) => c.category === category);
  if (!known) notFound();
  return (
    <BoardView
      category={category}
      style={style}
      snapshot={snapshot}
      overall={overall}
      plain={plain}
      categories={categories}
      demoBattles={demoBattles}
      ranks={ranks}
      composite={Boolean(composite)}
      t={t}
    />
  );
}
