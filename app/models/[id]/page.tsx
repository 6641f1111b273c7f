import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RatingHistory } from "@/components/charts/rating-history";
import { DriftPanel } from "@/components/models/drift-panel";
import { ModelHeading } from "@/components/models/model-heading";
import { ModelStanding } from "@/components/models/model-standing";
import { ModelTables } from "@/components/models/model-tables";
import { ReactionsPanel } from "@/components/models/reactions-panel";
import { reactionCounts, VISION_REACTIONS } from "@/lib/arena";
import { modelErrorCategories } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";
import { modelDrift } from "@/lib/drift";
import { pageParam } from "@/lib/http";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";
import { modelProfile, modelTitle } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = pageParam((await params).id);
  // the tab shows the model's name, not its id
  const title = id ? await modelTitle(getDb(), id) : null;
  return title ? { title } : titleMetadata("titles.model");
}

export default async function ModelPage({ params }: Props) {
  const { id } = await params;
  const modelId = pageParam(id);
  const db = getDb();
  const profile = modelId ? await modelProfile(db, modelId) : null;
  if (!profile || !modelId) notFound();
  const [reactions, errors, drift] = await Promise.all([
    reactionCounts(db, modelId),
    modelErrorCategories(db, modelId),
    modelDrift(db, modelId),
  ]);
  const { model } = profile;
  const { t, locale } = await serverTranslator();
  return (
    <div className="space-y-4">
      <ModelHeading model={model} t={t} />
      <ModelStanding profile={profile} locale={locale} t={t} />
      <RatingHistory title={t("modelPage.history")} points={profile.history} />
      <DriftPanel series={drift.series} human={drift.human} locale={locale} t={t} />
      <ReactionsPanel reactions={reactions} errors={errors} reasons={VISION_REACTIONS} t={t} />
      <ModelTables profile={profile} t={t} />
    </div>
  );
}
