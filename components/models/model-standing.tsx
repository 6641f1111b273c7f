// Where a model stands: its score on the default board with its interval, its rank (or why it has none), its score
// without style control, its votes and win rate; and how long it thinks when it shows its reasoning.
import Link from "next/link";
import { IntervalText } from "@/components/leaderboard/listing-badges";
import { rich } from "@/components/rich-text";
import type { Translate } from "@/lib/i18n/client";
import type { ModelProfile } from "@/lib/leaderboard";

export const percent = (v: number | null) => (v === null ? "–" : `${(100 * v).toFixed(0)}%`);

export function ModelStanding({
  profile: { current, plain, thinking },
  locale,
  t,
}: {
  profile: ModelProfile;
  locale: string;
  t: Translate;
}) {
  return (
    <>
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
      {thinking && (
        <p className="text-sm muted" data-testid="model-thinking">
          {t("modelPage.thinks", {
            seconds: (thinking.medianMs / 1000).toLocaleString(locale, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }),
            count: thinking.answers,
          })}
          {thinking.meanTokens !== null
            ? ` · ${t("modelPage.thinkingTokens", { tokens: Math.round(thinking.meanTokens).toLocaleString(locale) })}`
            : ""}
        </p>
      )}
    </>
  );
}
