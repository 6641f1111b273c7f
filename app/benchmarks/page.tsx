import type { Metadata } from "next";
import { AccuracyTable } from "@/components/benchmarks/accuracy-table";
import {
  AccuracyByKey,
  AccuracyFigure,
  ArenaCorrelation,
  ModalityGaps,
  PairedDifferences,
} from "@/components/benchmarks/benchmark-details";
import { NAMES, pct } from "@/components/benchmarks/names";
import { signedInUser } from "@/lib/auth/session";
import { benchmarkBoards } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Benchmarks" };

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
            <AccuracyTable benchmark={benchmark} report={report} staff={staff} />
            <AccuracyFigure benchmark={benchmark} report={report} gaps={gaps} />
            <ModalityGaps benchmark={benchmark} report={report} gaps={gaps} />
            <PairedDifferences benchmark={benchmark} report={report} gaps={gaps} />
            <AccuracyByKey benchmark={benchmark} report={report} gaps={gaps} />
            <ArenaCorrelation benchmark={benchmark} report={report} gaps={gaps} />
          </section>
        ))
      )}
    </div>
  );
}
