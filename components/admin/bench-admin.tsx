"use client";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Options } from "@/components/options";
import type { BenchChoice, JudgingStatus } from "@/lib/bench";
import type { BenchmarkChoice } from "@/lib/benchmarks/client";
import type { RunStatus } from "@/lib/evals";
import { callApi } from "../api-client";
// The console's VisionArena-Bench section: curate a prompt set from battles, answer it with models, judge them
// against an anchor, choose which bench /bench shows; with each run's and judging's progress and cost, refreshed
// while anything is under way (the work itself happens in the jobs process).
import { SubmitButton } from "./action-button";
import { BenchProgress } from "./bench-progress";
import { BenchmarkSelect } from "./benchmark-select";
import { ImportPredictions } from "./import-predictions";
import { ModelSelect } from "./model-select";
import { DoneNote, ErrorNote, useAction } from "./use-action";

interface Props {
  runs: RunStatus[];
  judgings: JudgingStatus[];
  sets: { ref: string; items: number; source: string }[];
  choices: BenchChoice[];
  models: { id: string; name: string }[];
  /** ARENA_BENCH_ANCHOR / _JUDGE / _EMBEDDER, preselected */
  defaults: { anchor?: string; judge?: string; embedder?: string };
  /** data files in ARENA_BENCHMARK_DIR, or null when no folder is configured */
  library: string[] | null;
  /** prediction files (VLMEvalKit, lmms-eval) in that folder */
  predictionFiles: string[];
  /** the registered benchmarks (lib/benchmarks' registry) */
  benchmarks: BenchmarkChoice[];
}

function SetSelect({ sets }: { sets: Props["sets"] }) {
  const id = useId();
  return (
    <span className="flex flex-col text-xs">
      <label htmlFor={id}>Prompt set</label>
      <select id={id} name="set" className="input" required>
        <Options
          items={sets}
          value={(s) => s.ref}
          label={(s) => (
            <>
              {s.ref} · {s.items} prompts
            </>
          )}
        />
      </select>
    </span>
  );
}

export function BenchAdmin({
  runs,
  judgings,
  sets,
  choices,
  models,
  defaults,
  library,
  predictionFiles,
  benchmarks,
}: Props) {
  const router = useRouter();
  const { busy, error, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const active =
    runs.some((r) => ["queued", "running"].includes(r.status)) ||
    judgings.some((j) => ["queued", "running"].includes(j.status));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), 3000);
    return () => clearInterval(timer);
  }, [active, router]);

  const submit = (action: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { action };
    for (const [key, value] of form.entries()) {
      if (typeof value !== "string" || value === "") continue;
      if (key === "files") body.files = [...((body.files as string[] | undefined) ?? []), value];
      else body[key] = ["size", "seed"].includes(key) ? Number(value) : value;
    }
    void run(async () => {
      await callApi("/api/admin/bench", "POST", body);
      setNotice(
        action === "curate"
          ? "Curation queued: the new prompt set appears here when the jobs process has made it."
          : action === "import"
            ? "Import queued: the new prompt sets appear here when the jobs process has read the files."
            : action === "publish"
              ? "/bench now shows this bench."
              : "Queued for the jobs process.",
      );
    });
  };

  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">VisionArena-Bench</h1>
      <ErrorNote error={error} />
      <DoneNote text={notice} />
      <section className="space-y-2" aria-labelledby="curate">
        <h2 id="curate" className="font-semibold">
          1 · Curate prompts from battles
        </h2>
        <form onSubmit={submit("curate")} className="flex flex-wrap items-end gap-2" aria-label="Curate">
          <label className="flex flex-col text-xs">
            Set name
            <input name="name" className="input" defaultValue="visionarena-bench" maxLength={100} />
          </label>
          <label className="flex flex-col text-xs">
            Prompts
            <input name="size" type="number" min={1} max={10000} className="input w-24" defaultValue={500} />
          </label>
          <label className="flex flex-col text-xs">
            Seed
            <input name="seed" type="number" min={0} className="input w-20" defaultValue={0} />
          </label>
          <ModelSelect
            name="embedder"
            label="Embedding model"
            models={models}
            initial={defaults.embedder ?? ""}
            none="Local (TF-IDF + image features)"
          />
          <SubmitButton busy={busy}>Curate</SubmitButton>
        </form>
      </section>
      <section className="space-y-2" aria-labelledby="import">
        <h2 id="import" className="font-semibold">
          Import a ground-truth benchmark ({benchmarks.map((b) => b.title).join(", ")})
        </h2>
        {library === null ? (
          <p className="text-sm muted">
            Put the benchmark&apos;s files in a folder on the server and set ARENA_BENCHMARK_DIR to it to import them
            here, or use <code>arena benchmark import</code>.
          </p>
        ) : library.length === 0 ? (
          <p className="text-sm muted">The benchmark folder has no .json, .jsonl or .parquet files.</p>
        ) : (
          <form onSubmit={submit("import")} className="space-y-2" aria-label="Import">
            <div className="flex flex-wrap items-end gap-2">
              <BenchmarkSelect benchmarks={benchmarks} />
              <label className="flex flex-col text-xs">
                Set name (optional)
                <input name="name" className="input" maxLength={100} />
              </label>
              <SubmitButton busy={busy}>Import</SubmitButton>
            </div>
            <fieldset className="max-h-48 overflow-y-auto rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-800">
              <legend className="px-1 text-xs">Files</legend>
              {library.map((file) => (
                <label key={file} className="flex items-center gap-2">
                  <input type="checkbox" name="files" value={file} />
                  <span className="font-mono text-xs">{file}</span>
                </label>
              ))}
            </fieldset>
          </form>
        )}
      </section>
      {library !== null && (
        <ImportPredictions
          files={predictionFiles}
          models={models}
          sets={sets}
          benchmarks={benchmarks.filter((b) => b.predictions)}
        />
      )}
      {sets.length > 0 && (
        <>
          <section className="space-y-2" aria-labelledby="answer">
            <h2 id="answer" className="font-semibold">
              2 · Answer a set with a model
            </h2>
            <form onSubmit={submit("run")} className="flex flex-wrap items-end gap-2" aria-label="Run">
              <SetSelect sets={sets} />
              <ModelSelect name="model" label="Model" models={models} />
              <SubmitButton busy={busy}>Run</SubmitButton>
            </form>
          </section>
          <section className="space-y-2" aria-labelledby="judge">
            <h2 id="judge" className="font-semibold">
              3 · Judge every model&apos;s newest run against an anchor
            </h2>
            <form onSubmit={submit("judge")} className="flex flex-wrap items-end gap-2" aria-label="Judge">
              <SetSelect sets={sets} />
              <ModelSelect name="anchor" label="Anchor" models={models} initial={defaults.anchor} />
              <ModelSelect name="judge" label="Judge" models={models} initial={defaults.judge} />
              <SubmitButton busy={busy}>Judge</SubmitButton>
            </form>
          </section>
        </>
      )}
      <BenchProgress runs={runs} judgings={judgings} />
      {choices.length > 0 && (
        <section className="space-y-2" aria-labelledby="publish">
          <h2 id="publish" className="font-semibold">
            Shown on /bench
          </h2>
          <ul className="space-y-1 text-sm">
            {choices.map((c) => (
              <li key={`${c.set}|${c.anchor}|${c.judge}`} className="flex flex-wrap items-center gap-2">
                <span>
                  {c.set} · anchor {c.anchor} · judge {c.judge} · {c.candidates} candidates
                </span>
                <form onSubmit={submit("publish")}>
                  <input type="hidden" name="set" value={c.set} />
                  <input type="hidden" name="anchor" value={c.anchor} />
                  <input type="hidden" name="judge" value={c.judge} />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    Show this one
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
