import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RatingHistory } from "@/components/charts/rating-history";
import { Card, DataTable } from "@/components/data-table";
import { IntervalText } from "@/components/leaderboard/listing-badges";
import { DriftPanel } from "@/components/models/drift-panel";
import { ReactionsPanel } from "@/components/models/reactions-panel";
import { rich } from "@/components/rich-text";
import { reactionCounts, VISION_REACTIONS } from "@/lib/arena";
import { modelErrorCategories } from "@/lib/benchmarks";
import { localCategoryLabel } from "@/lib/categories";
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

const percent = (v: number | null) => (v === null ? "–" : `${(100 * v).toFixed(0)}%`);

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
  const { model, current, plain } = profile;
  const { t, locale } = await serverTranslator();
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <Link href="/leaderboard" className="text-sm muted hover:underline">
          ← {t("board.title")}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{model.displayName}</h1>
        <p className="text-sm muted">
          {[model.organization, model.license, model.isDemo ? t("modelPage.demo") : null].filter(Boolean).join(" · ")}
        </p>
        {model.enabled ? (
          <p className="flex flex-wrap gap-2 pt-1 text-sm" data-testid="model-actions">
            {model.weight > 0 && !model.outage ? (
              <Link href={`/?with=${encodeURIComponent(model.id)}`} className="btn-secondary">
                {t("modelPage.battleWith")}
              </Link>
            ) : null}
            <Link href={`/chat?a=${encodeURIComponent(model.id)}`} className="btn-secondary">
              {t("modelPage.chatWith")}
            </Link>
          </p>
        ) : null}
      </div>
      {current ? (
        <p className="text-sm" data-testid="model-current">
          {rich(t("modelPage.score", { score: Math.round(current.rating) }), {
            strong: (w) => <strong>{w}</strong>,
            interval: () => <IntervalText model={current} />,
          })}{" "}
          ·{" "}
          {current.rank === null
            ? current.preliminary
              ? t("modelPage.notRankedPreliminary")
              : t("modelPage.notRankedRetired")
            : rich(t("modelPage.rank", { rank: current.rank }), { strong: (w) => <strong>{w}</strong> })}
          {plain ? ` · ${t("modelPage.withoutStyle", { score: Math.round(plain.rating) })}` : null} ·{" "}
          {t("board.votes", { count: current.votes })} · {t("modelPage.winRate", { rate: percent(current.winRate) })}{" "}
          <Link href="/about" className="ml-1 text-zinc-600 underline dark:text-zinc-400">
            {t("board.howScores")}
          </Link>
        </p>
      ) : (
        <p className="text-sm muted">{t("modelPage.notOnBoard")}</p>
      )}
      {profile.thinking && (
        <p className="text-sm muted" data-testid="model-thinking">
          {t("modelPage.thinks", {
            seconds: (profile.thinking.medianMs / 1000).toLocaleString(locale, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }),
            count: profile.thinking.answers,
          })}
          {profile.thinking.meanTokens !== null
            ? ` · ${t("modelPage.thinkingTokens", { tokens: Math.round(profile.thinking.meanTokens).toLocaleString(locale) })}`
            : ""}
        </p>
      )}
      <RatingHistory title={t("modelPage.history")} points={profile.history} />
      <DriftPanel series={drift.series} human={drift.human} locale={locale} t={t} />
      <ReactionsPanel reactions={reactions} errors={errors} reasons={VISION_REACTIONS} t={t} />
      <div className="grid gap-4 lg:grid-cols-2">
        {profile.opponents.length > 0 && (
          <Card title={t("modelPage.opponents")}>
            <DataTable
              label={t("modelPage.opponents")}
              rows={profile.opponents}
              rowKey={(o) => o.model}
              compact
              columns={[
                {
                  header: t("modelPage.opponent"),
                  cell: (o) => (
                    <Link href={`/models/${encodeURIComponent(o.model)}`} className="hover:underline">
                      {o.displayName}
                    </Link>
                  ),
                },
                { header: t("modelPage.battles"), numeric: true, cell: (o) => o.battles },
                { header: t("modelPage.won"), numeric: true, cell: (o) => percent(o.winFraction) },
                { header: t("modelPage.predicted"), numeric: true, cell: (o) => percent(o.predicted) },
              ]}
            />
          </Card>
        )}
        {profile.categories.length > 0 && (
          <Card title={t("modelPage.categories")}>
            <DataTable
              label={t("modelPage.categories")}
              rows={profile.categories}
              rowKey={(c) => c.category}
              compact
              columns={[
                {
                  header: t("board.category"),
                  cell: (c) => (
                    <Link
                      href={`/leaderboard?category=${encodeURIComponent(c.category)}&style=0`}
                      className="hover:underline"
                    >
                      {localCategoryLabel(c.category, t)}
                    </Link>
                  ),
                },
                { header: t("board.rank"), numeric: true, cell: (c) => c.rank ?? "–" },
                { header: t("modelPage.withStyle"), numeric: true, cell: (c) => c.styleRank ?? "–" },
                { header: t("board.votesHead"), numeric: true, cell: (c) => c.votes },
              ]}
            />
          </Card>
        )}
      </div>
    </div>
  );
}
