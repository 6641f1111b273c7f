"use client";
import { type FormEvent, useState } from "react";
import { Options } from "@/components/options";
import type { BenchmarkChoice } from "@/lib/benchmarks/client";
import { callApi } from "../api-client";
// A toolkit's prediction file from the benchmark folder (VLMEvalKit's tables, lmms-eval's samples) imported as a run
// of a registered model, scored at once; the result says our accuracy beside the file's own.
import { SubmitButton } from "./action-button";
import { BenchmarkSelect } from "./benchmark-select";
import { ModelSelect } from "./model-select";
import { DoneNote, ErrorNote, useAction } from "./use-action";

interface Tally {
  correct: number;
  total: number;
  accuracy: number;
}

interface Imported {
  set: string;
  ours: Tally;
  reported: Tally | null;
  differences: unknown[];
  unanswered: number;
}

interface ImportStatus {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  result: Imported | null;
  error: string | null;
}

const POLL_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the jobs process to finish the import; its refusal is thrown in its own words. */
async function outcome(importId: string): Promise<Imported> {
  for (;;) {
    const { predictionImports } = await callApi<{ predictionImports: ImportStatus[] }>("/api/admin/bench");
    const mine = predictionImports.find((i) => i.id === importId);
    if (mine?.status === "done" && mine.result) return mine.result;
    if (mine?.status === "failed") throw new Error(mine.error ?? "the import failed");
    await sleep(POLL_MS);
  }
}

const pct = (t: Tally) => `${(t.accuracy * 100).toFixed(1)}% (${t.correct}/${t.total})`;

export function ImportPredictions({
  files,
  models,
  sets,
  benchmarks,
}: {
  files: string[];
  models: { id: string; name: string }[];
  sets: { ref: string }[];
  /** the benchmarks that take toolkit predictions */
  benchmarks: BenchmarkChoice[];
}) {
  const { busy, error, run } = useAction();
  const [result, setResult] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, string> = { action: "import-predictions" };
    for (const [key, value] of form.entries()) if (typeof value === "string" && value) body[key] = value;
    setResult(null);
    void run(async () => {
      const { importId } = await callApi<{ importId: string }>("/api/admin/bench", "POST", body);
      setResult("Queued: the jobs process is reading and scoring the file…");
      const r = await outcome(importId);
      setResult(
        `Imported into ${r.set}: ${pct(r.ours)} by the official scoring` +
          (r.reported ? `, ${pct(r.reported)} as the file reports; ${r.differences.length} items differ` : "") +
          (r.unanswered ? `; ${r.unanswered} items have no prediction` : "") +
          ". /benchmarks shows it beside the native runs.",
      );
    });
  };
  return (
    <section className="space-y-2" aria-labelledby="import-predictions">
      <h2 id="import-predictions" className="font-semibold">
        Import a toolkit&apos;s predictions (VLMEvalKit, lmms-eval)
      </h2>
      <ErrorNote error={error} />
      <DoneNote text={result} />
      {files.length === 0 ? (
        <p className="text-sm muted">
          Put VLMEvalKit&apos;s prediction table (.xlsx, .tsv, .csv, .json) or lmms-eval&apos;s samples (.jsonl) in the
          benchmark folder, or use <code>arena benchmark import-predictions</code>.
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Predictions from a toolkit">
          <BenchmarkSelect benchmarks={benchmarks} />
          <label className="flex flex-col text-xs">
            Toolkit
            <select name="from" className="input" required>
              <option value="vlmevalkit">VLMEvalKit</option>
              <option value="lmms-eval">lmms-eval</option>
            </select>
          </label>
          <label className="flex min-w-0 max-w-full flex-col text-xs">
            File
            <select name="file" className="input w-full max-w-xs" required>
              <Options items={files} value={(file) => file} label={(file) => file} />
            </select>
          </label>
          <ModelSelect name="model" label="Model" models={models} />
          <label className="flex min-w-0 max-w-full flex-col text-xs">
            Set
            <select name="set" className="input w-full max-w-xs">
              <option value="">Newest {benchmarks.map((b) => b.defaultSets.join(" / ")).join(" / ")}</option>
              <Options items={sets} value={(s) => s.ref} label={(s) => s.ref} />
            </select>
          </label>
          <SubmitButton busy={busy}>Import predictions</SubmitButton>
        </form>
      )}
    </section>
  );
}
