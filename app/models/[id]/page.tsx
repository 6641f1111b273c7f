import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RatingHistory } from "@/components/charts/rating-history";
import { IntervalText } from "@/components/leaderboard/listing-badges";
import { ReactionsPanel } from "@/components/models/reactions-panel";
import { rich } from "@/components/rich-text";
import { Table } from "@/components/table";
import { reactionCounts, VISION_REACTIONS } from "@/lib/arena";
import { modelErrorCategories } from "@/lib/benchmarks";
import { localCategoryLabel } from "@/lib/categories";
import { getDb } from "@/lib/db";
import { pageParam } from "@/lib/http";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";
import { modelProfile } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return pageParam(id) ? { title: pageParam(id) as string } : titleMetadata("titles.model");
}

const percent = (v: number | null) => (v === null ? "–" : `${(100 * v).toFixed(0)}%`);

export default async function ModelPage({ params }: Props) {
  const { id } = await params;
  const modelId = pageParam(id);
  const db = getDb();
  const profile = modelId ? await modelProfile(db, modelId) : null;
  if (!profile || !modelId) notFound();
  const [reactions, errors] = await Promise.all([reactionCounts(db, modelId), modelErrorCategories(db, modelId)]);
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
      <ReactionsPanel reactions={reactions} errors={errors} reasons={VISION_REACTIONS} t={t} />
      <div className="grid gap-4 lg:grid-cols-2">
        {profile.opponents.length > 0 && (
          <section className="min-w-0 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="mb-2 text-sm font-medium">{t("modelPage.opponents")}</h2>
            <Table aria-label={t("modelPage.opponents")}>
              <thead className="text-left text-xs uppercase muted">
                <tr>
                  <th className="py-1">{t("modelPage.opponent")}</th>
                  <th className="py-1 text-right">{t("modelPage.battles")}</th>
                  <th className="py-1 text-right">{t("modelPage.won")}</th>
                  <th className="py-1 text-right">{t("modelPage.predicted")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.opponents.map((o) => (
                  <tr key={o.model} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-1">
                      <Link href={`/models/${encodeURIComponent(o.model)}`} className="hover:underline">
                        {o.displayName}
                      </Link>
                    </td>
                    <td className="py-1 text-right tabular-nums">{o.battles}</td>
                    <td className="py-1 text-right tabular-nums">{percent(o.winFraction)}</td>
                    <td className="py-1 text-right tabular-nums">{percent(o.predicted)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
        )}
        {profile.categories.length > 0 && (
          <section className="min-w-0 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="mb-2 text-sm font-medium">{t("modelPage.categories")}</h2>
            <Table aria-label={t("modelPage.categories")}>
              <thead className="text-left text-xs uppercase muted">
                <tr>
                  <th className="py-1">{t("board.category")}</th>
                  <th className="py-1 text-right">{t("board.rank")}</th>
                  <th className="py-1 text-right">{t("modelPage.withStyle")}</th>
                  <th className="py-1 text-right">{t("board.votesHead")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.categories.map((c) => (
                  <tr key={c.category} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-1">
                      <Link
                        href={`/leaderboard?category=${encodeURIComponent(c.category)}&style=0`}
                        className="hover:underline"
                      >
                        {localCategoryLabel(c.category, t)}
                      </Link>
                    </td>
                    <td className="py-1 text-right tabular-nums">{c.rank ?? "–"}</td>
                    <td className="py-1 text-right tabular-nums">{c.styleRank ?? "–"}</td>
                    <td className="py-1 text-right tabular-nums">{c.votes}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
        )}
      </div>
    </div>
  );
}
