import type { Metadata } from "next";
import { DataPageView } from "@/components/data/data-view";
import { judgedByFromEnv } from "@/lib/categories";
import { currentDatasetStatistics, latestDatasetTopics } from "@/lib/dataset-stats";
import { getDb } from "@/lib/db";
import { demoBattleCount } from "@/lib/export";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.data");

export default async function DataPage() {
  const db = getDb();
  const [stored, topics, demoBattles, { t, locale }] = await Promise.all([
    currentDatasetStatistics(db, { judgedBy: judgedByFromEnv() }),
    latestDatasetTopics(db),
    demoBattleCount(db),
    serverTranslator(),
  ]);
  return <DataPageView stored={stored} topics={topics} demoBattles={demoBattles} t={t} locale={locale} />;
}
