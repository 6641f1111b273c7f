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
import { EmptyPanel, PageHeading } from "@/components/page-heading";
import { signedInUser } from "@/lib/auth/session";
import { benchmarkBoards, benchmarkChoices, benchmarkTitle } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.benchmarks");

export default async function BenchmarksPage() {
  const db = getDb();
  const [boards, user, { t, locale }] = await Promise.all([benchmarkBoards(db), signedInUser(), serverTranslator()]);
  const staff = user?.role === "admin" || user?.role === "researcher";
  return (
    <div className="space-y-6">
      <PageHeading title={t("benchmarks.title")} intro={t("benchmarks.intro")} />
      {boards.length === 0 ? (
        <EmptyPanel>
          {t("benchmarks.none", {
            // the registry's benchmarks, as the visitor's language lists alternatives ("A, B or C")
            benchmarks: new Intl.ListFormat(locale, { type: "disjunction" }).format(
              benchmarkChoices().map((b) => b.title),
            ),
          })}
        </EmptyPanel>
      ) : (
        boards.map(({ benchmark, report, gaps }) => (
          <section key={benchmark} className="space-y-3" aria-labelledby={`b-${benchmark}`} data-benchmark={benchmark}>
            <h2 id={`b-${benchmark}`} className="text-xl font-semibold">
              {benchmarkTitle(benchmark)}
            </h2>
            <p className="text-xs muted">
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
