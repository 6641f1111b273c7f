import type { Metadata } from "next";
import { BenchAdmin } from "@/components/admin/bench-admin";
import { listModelsForAdmin } from "@/lib/admin";
import { pageRequiresRole } from "@/lib/auth/session";
import { benchChoices, benchDefaults, judgingStatuses } from "@/lib/bench";
import { benchmarkChoices, benchmarkDir, libraryFiles, PREDICTION_FILE } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";
import { listPromptSets, runStatuses } from "@/lib/evals";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin · Bench" };

export default async function BenchAdminPage() {
  await pageRequiresRole("admin");
  const db = getDb();
  const libraryFolder = benchmarkDir();
  const [runs, judgings, sets, choices, { models }] = await Promise.all([
    runStatuses(db),
    judgingStatuses(db),
    listPromptSets(db),
    benchChoices(db),
    listModelsForAdmin(db),
  ]);
  return (
    <BenchAdmin
      runs={runs}
      judgings={judgings}
      sets={sets.map((s) => ({ ref: `${s.name}@${s.version}`, items: s.items, source: s.source }))}
      choices={choices}
      models={models.map((m) => ({ id: m.id, name: m.displayName }))}
      defaults={benchDefaults()}
      library={libraryFolder ? libraryFiles(libraryFolder) : null}
      predictionFiles={libraryFolder ? libraryFiles(libraryFolder, 500, PREDICTION_FILE) : []}
      benchmarks={benchmarkChoices()}
    />
  );
}
