import type { Metadata } from "next";
import Link from "next/link";
import { RatingIntervalsFigure } from "@/components/charts/rating-intervals";
import { Scatter } from "@/components/charts/scatter";
import { ScrollBox } from "@/components/scroll-box";
import { signedInUser } from "@/lib/auth/session";
import { benchmarkBoards } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Benchmarks" };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const NAMES: Record<string, string> = { mathvista: "MathVista", emma: "EMMA", isobench: "IsoBench" };
const SOURCES: Record<string, string> = { vlmevalkit: "VLMEvalKit", "lmms-eval": "lmms-eval" };

export default async function BenchmarksPage() {
  const db = getDb();
  const [boards, user] = await Promise.all([benchmarkBoards(db), signedInUser()]);
  const staff = user?.role === "admin" || user?.role === "researcher";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Benchmarks</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Which model is right, beside which model people prefer: ground-truth benchmarks scored as their official code
          scores them, with 95% Wilson intervals, and how their accuracy lines up with the arena.
        </p>
      </div>
      {boards.length === 0 ? (
        <p className="rounded-lg border border-zinc-200 bg-white p-6 text-sm text-zinc-600 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900">
          No benchmark has been run yet. Staff import MathVista, EMMA or IsoBench and run models on them.
        </p>
      ) : (
        boards.map(({ benchmark, report, gaps }) => (
          <section key={benchmark} className="space-y-3" aria-labelledby={`b-${benchmark}`} data-benchmark={benchmark}>
            <h2 id={`b-${benchmark}`} className="text-xl font-semibold">
              {NAMES[benchmark] ?? benchmark}
            </h2>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {report.sets.join(", ")}
              {report.random ? ` · random guess ${pct(report.random.accuracy)} (${report.random.source})` : ""}
            </p>
            <ScrollBox
              label={`${NAMES[benchmark] ?? benchmark} accuracy`}
              className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
            >
              <table className="w-full min-w-[520px] text-sm" data-testid={`benchmark-${benchmark}`}>
                <caption className="sr-only">{NAMES[benchmark] ?? benchmark} accuracy per model</caption>
                <thead className="text-left text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Model
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Set
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Accuracy
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      95% CI
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Items
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Toolkit&apos;s own
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Arena
                    </th>
                    {staff && <th scope="col" className="px-3 py-2" />}
                  </tr>
                </thead>
                <tbody>
                  {report.models.map((m) => (
                    <tr key={m.runId} data-model={m.model} className="border-t border-zinc-200 dark:border-zinc-800">
                      <td className="px-3 py-1.5 font-medium">
                        {m.model}
                        {m.source !== "native" && (
                          <span className="ml-2 text-xs font-normal text-zinc-600 dark:text-zinc-400">
                            {SOURCES[m.source] ?? m.source} predictions
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">{m.set}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{pct(m.overall.accuracy)}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums text-zinc-600 dark:text-zinc-400">
                        {pct(m.overall.ci[0])}–{pct(m.overall.ci[1])}
                      </td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{m.overall.total}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums text-zinc-600 dark:text-zinc-400">
                        {m.reported ? pct(m.reported.accuracy) : "—"}
                      </td>
                      <td className="px-3 py-1.5 text-right tabular-nums">
                        {m.arenaRating !== undefined ? Math.round(m.arenaRating) : "—"}
                      </td>
                      {staff && (
                        <td className="px-3 py-1.5 text-right">
                          <Link href={`/benchmarks/runs/${m.runId}`} className="underline">
                            Items
                          </Link>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            <RatingIntervalsFigure
              title={`${NAMES[benchmark] ?? benchmark}: accuracy (%) with 95% Wilson intervals`}
              digits={1}
              rows={report.models.map((m) => ({
                label: `${m.source === "native" ? m.model : `${m.model} (${SOURCES[m.source] ?? m.source})`} · ${m.set}`,
                rating: m.overall.accuracy * 100,
                lower: m.overall.ci[0] * 100,
                upper: m.overall.ci[1] * 100,
              }))}
            />
            {gaps.length > 0 && (
              <div className="space-y-1" data-testid="modality-gap">
                <h3 className="font-semibold">Modality gap (best text representation − image)</h3>
                <RatingIntervalsFigure
                  title="Modality gap in accuracy points, with 95% paired bootstrap intervals"
                  digits={1}
                  rows={gaps.map(({ model, gap }) => ({
                    label: model,
                    rating: gap.gap * 100,
                    lower: gap.ci[0] * 100,
                    upper: gap.ci[1] * 100,
                  }))}
                />
                <ul className="text-sm">
                  {gaps.map(({ model, gap }) => (
                    <li key={model}>
                      {model}: {gap.gap >= 0 ? "+" : ""}
                      {(gap.gap * 100).toFixed(1)} points (95% CI {(gap.ci[0] * 100).toFixed(1)} to{" "}
                      {(gap.ci[1] * 100).toFixed(1)}) over {gap.pairs} items — image {pct(gap.image)}, text{" "}
                      {pct(gap.text)}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {report.differences.length > 0 && (
              <details className="text-sm">
                <summary>Differences between models on the same items (paired bootstrap, 95%)</summary>
                <ul className="mt-1 list-disc pl-5">
                  {report.differences.map((d) => (
                    <li key={`${d.a}-${d.b}`}>
                      {d.a} − {d.b}: {(d.difference * 100).toFixed(1)} points ({(d.ci[0] * 100).toFixed(1)} to{" "}
                      {(d.ci[1] * 100).toFixed(1)}) over {d.items} items
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {report.models[0] && Object.keys(report.models[0].byKey).length > 0 && (
              <details className="text-sm">
                <summary>Accuracy by metadata key</summary>
                {Object.keys(report.models[0].byKey).map((key) => (
                  <ScrollBox key={key} label={`Accuracy by ${key.replace("_", " ")}`} className="mt-2">
                    <h4 className="font-medium">{key.replace("_", " ")}</h4>
                    <table className="min-w-[420px] text-xs">
                      <thead className="text-left text-zinc-600 dark:text-zinc-400">
                        <tr>
                          <th scope="col" className="pr-3">
                            Value
                          </th>
                          {report.models.map((m) => (
                            <th key={m.runId} scope="col" className="pr-3 text-right">
                              {m.model}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {Object.keys(report.models[0]?.byKey[key] ?? {}).map((value) => (
                          <tr key={value}>
                            <td className="pr-3">{value}</td>
                            {report.models.map((m) => {
                              const t = m.byKey[key]?.[value];
                              return (
                                <td key={m.runId} className="pr-3 text-right tabular-nums">
                                  {t ? `${pct(t.accuracy)} (${t.correct}/${t.total})` : "—"}
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollBox>
                ))}
              </details>
            )}
            {report.arena.length > 0 ? (
              <>
                <ul className="text-sm" data-testid="arena-correlation">
                  {report.arena.map((a) => (
                    <li key={a.category}>
                      Beside the arena ({a.category}): Spearman {a.spearman.toFixed(2)} (95% CI {a.ci[0].toFixed(2)} to{" "}
                      {a.ci[1].toFixed(2)}) over {a.models} models.
                    </li>
                  ))}
                </ul>
                <Scatter
                  title={`${NAMES[benchmark] ?? benchmark} accuracy against arena rating`}
                  xLabel="Arena rating (overall)"
                  yLabel="Accuracy (%)"
                  points={report.models
                    .filter((m) => m.arenaRating !== undefined)
                    .map((m) => ({
                      label: m.model,
                      x: Math.round(m.arenaRating as number),
                      y: m.overall.accuracy * 100,
                    }))}
                />
              </>
            ) : (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                The correlation with the arena needs at least three models that are on both the leaderboard and this
                benchmark.
              </p>
            )}
          </section>
        ))
      )}
    </div>
  );
}
