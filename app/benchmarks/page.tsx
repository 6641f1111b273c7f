import type { Metadata } from "next";
import { AccuracyTable } from "@/components/benchmarks/accuracy-table";
import {
  AccuracyByKey,
  AccuracyFigure,
  ArenaCorrelation,
  ModalityGaps,
  PairedDifferences,
} from "@/components/benchmarks/benchmark-details";
import { pct } from "@/components/benchmarks/names";
import { signedInUser } from "@/lib/auth/session";
import { benchmarkBoards, benchmarkTitle } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.benchmarks");

export default async function BenchmarksPage() {
  const db = getDb();
  const [boards, user, { t }] = await Promise.all([benchmarkBoards(db), signedInUser(), serverTranslator()]);
  const staff = user?.role === "admin" || user?.role === "researcher";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("benchmarks.title")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("benchmarks.intro")}</p>
      </div>
      {boards.length === 0 ? (
        <p className="rounded-lg border border-zinc-200 bg-white p-6 text-sm text-zinc-600 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900">
          {t("benchmarks.none")}
        </p>
      ) : (
        boards.map(({ benchmark, report, gaps }) => (
          <section key={benchmark} className="space-y-3" aria-labelledby={`b-${benchmark}`} data-benchmark={benchmark}>
            <h2 id={`b-${benchmark}`} className="text-xl font-semibold">
              {benchmarkTitle(benchmark)}
            </h2>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {report.sets.join(", ")}
              {report.random
                ? ` · ${t("benchmarks.random", { accuracy: pct(report.random.accuracy), source: report.random.source })}`
                : ""}
            </p>
            <AccuracyTable benchmark={benchmark} report={report} staff={staff} t={t} />
            <AccuracyFigure benchmark={benchmark} report={report} gaps={gaps} t={t} />
            <ModalityGaps benchmark={benchmark} report={report} gaps={gaps} t={t} />
            <PairedDifferences benchmark={benchmark} report={report} gaps={gaps} t={t} />
            <AccuracyByKey benchmark={benchmark} report={report} gaps={gaps} t={t} />
            <ArenaCorrelation benchmark={benchmark} report={report} gaps={gaps} t={t} />
          </section>
        ))
      )}
    </div>
  );
}
