// The model page's drift watch (lib/drift): its accuracy on each benchmark's fixed canary questions over time with
// 95% Wilson intervals and what the alarm rule said at the newest run, beside its human score per month read against
// models that did not change. Both drawn with the score-over-time chart; nothing shown before the watch has data.
import type { Translate } from "@/lib/i18n/client";
import { RatingHistory } from "../charts/rating-history";
import { Card } from "../data-table";

export interface DriftPanelProps {
  series: {
    benchmark: string;
    title: string;
    baseline: { correct: number; total: number; accuracy: number } | null;
    points: { ranAt: Date; accuracy: number; ci: [number, number]; status: string }[];
  }[];
  human: { period: Date; score: number; ciLower: number; ciUpper: number }[];
  locale: string;
  t: Translate;
}

const day = (at: Date, locale: string) => at.toLocaleDateString(locale, { dateStyle: "medium", timeZone: "UTC" });

/** The first run of the fall the newest run belongs to (an alarm, and every "low" run after it). */
function fallSince(points: DriftPanelProps["series"][number]["points"]): Date | null {
  if (points.at(-1)?.status !== "alarm" && points.at(-1)?.status !== "low") return null;
  for (let k = points.length - 1; k >= 0; k--) if (points[k]?.status === "alarm") return points[k]?.ranAt ?? null;
  return null;
}

export function DriftPanel({ series, human, locale, t }: DriftPanelProps) {
  if (series.length === 0 && human.length < 2) return null;
  return (
    <Card title={t("modelPage.driftTitle")}>
      <div className="space-y-3" data-testid="model-drift">
        <p className="text-sm muted">{t("modelPage.driftNote")}</p>
        <div className="grid gap-3 lg:grid-cols-2">
          {series.map((s) => {
            const last = s.points.at(-1);
            const since = fallSince(s.points);
            return (
              <div key={s.benchmark} className="space-y-1" data-testid={`drift-${s.benchmark}`}>
                <RatingHistory
                  title={t("modelPage.driftBenchmark", { benchmark: s.title })}
                  points={s.points.map((p) => ({
                    at: p.ranAt,
                    rating: 100 * p.accuracy,
                    ciLower: 100 * p.ci[0],
                    ciUpper: 100 * p.ci[1],
                  }))}
                />
                <p className="text-sm">
                  {since ? (
                    <strong className="text-red-700 dark:text-red-400" data-testid="drift-alarm">
                      {t("modelPage.driftAlarm", { date: day(since, locale) })}
                    </strong>
                  ) : last && last.status !== "baseline" ? (
                    t("modelPage.driftSteady", { date: day(last.ranAt, locale) })
                  ) : (
                    t("modelPage.driftBuilding")
                  )}{" "}
                  {s.baseline ? (
                    <span className="muted">
                      {t("modelPage.driftBaseline", {
                        accuracy: (100 * s.baseline.accuracy).toFixed(0),
                        count: s.baseline.total,
                      })}
                    </span>
                  ) : null}
                </p>
              </div>
            );
          })}
          <div data-testid="drift-human">
            {human.length >= 2 ? (
              <RatingHistory
                title={t("modelPage.driftHuman")}
                points={human.map((p) => ({ at: p.period, rating: p.score, ciLower: p.ciLower, ciUpper: p.ciUpper }))}
              />
            ) : (
              <p className="text-sm muted">{t("modelPage.driftHumanNone")}</p>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
