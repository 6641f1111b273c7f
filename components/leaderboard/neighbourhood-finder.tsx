"use client";
// "Which model for an image like mine?": a picture and a question sent to /api/neighbourhood; the board of the most
// similar voted battles shown with its intervals, the effective votes behind it and how far it moved from the
// overall board, and the battles it leaned on (those in the public gallery linked); or, with too few, says so.
import Link from "next/link";
import { useState } from "react";
import { friendly } from "@/components/arena/friendly";
import { DataTable } from "@/components/data-table";
import { useLocale, useT } from "@/components/i18n";
import type { NeighbourhoodResult } from "@/lib/neighbourhood/client";
import { call } from "../api-client";
import { modelColumn } from "../models/model-link";

export function NeighbourhoodFinder() {
  const t = useT();
  const locale = useLocale();
  const [file, setFile] = useState<File | null>(null);
  const [prompt, setPrompt] = useState("");
  const [state, setState] = useState<"idle" | "busy">("idle");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<NeighbourhoodResult | null>(null);
  async function find() {
    setState("busy");
    setError(null);
    try {
      const form = new FormData();
      if (file) form.append("images", file);
      form.append("prompt", prompt);
      setResult(await call<NeighbourhoodResult>("/api/neighbourhood", { method: "POST", body: form }));
    } catch (failure) {
      setError(friendly(failure, t, locale));
    } finally {
      setState("idle");
    }
  }
  return (
    <div className="space-y-4">
      <form
        className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("neighbourhood.image")}</span>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            data-testid="neighbourhood-image"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm"
          />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("neighbourhood.question")}</span>
          <input
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            maxLength={2000}
            placeholder={t("neighbourhood.questionPlaceholder")}
            className="input w-full"
          />
        </label>
        <button type="submit" className="btn-primary" disabled={state === "busy" || (!file && !prompt.trim())}>
          {state === "busy" ? t("neighbourhood.finding") : t("neighbourhood.find")}
        </button>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
      {result && (
        <section aria-live="polite" className="space-y-3" data-testid="neighbourhood-result">
          {!result.enough ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
              {t("neighbourhood.tooFew", {
                count: Math.floor(result.effectiveVotes),
                needed: result.minEffectiveVotes,
              })}
            </p>
          ) : (
            <>
              <p className="text-sm muted">
                {t("neighbourhood.summary", {
                  votes: Math.round(result.effectiveVotes),
                  battles: result.candidates,
                  moved: Math.round(100 * (result.shrinkage ?? 0)),
                })}
              </p>
              <DataTable
                label={t("neighbourhood.board")}
                testId="neighbourhood-board"
                rows={result.models}
                rowKey={(m) => m.model}
                compact
                columns={[
                  modelColumn(t("board.model")),
                  {
                    header: t("neighbourhood.score"),
                    numeric: true,
                    className: "font-medium",
                    cell: (m) => Math.round(m.rating),
                  },
                  {
                    header: t("board.ci"),
                    numeric: true,
                    cell: (m) => `${Math.round(m.ciLower)}–${Math.round(m.ciUpper)}`,
                  },
                  { header: t("neighbourhood.weightedVotes"), numeric: true, cell: (m) => m.weightedVotes.toFixed(1) },
                  {
                    header: t("neighbourhood.overall"),
                    numeric: true,
                    className: "muted",
                    cell: (m) => Math.round(m.globalRating),
                  },
                ]}
              />
            </>
          )}
          {result.battles.length > 0 && (
            <div className="text-sm">
              <h2 className="font-medium">{t("neighbourhood.battles")}</h2>
              <ul className="mt-1 space-y-0.5" data-testid="neighbourhood-battles">
                {result.battles.map((b) => (
                  <li key={b.id} className="muted">
                    {b.link ? (
                      <Link className="underline" href={b.link}>
                        {b.modelA} · {b.modelB}
                      </Link>
                    ) : (
                      <span>
                        {b.modelA} · {b.modelB}
                      </span>
                    )}{" "}
                    <span className="text-xs">
                      ({t("neighbourhood.similarity", { value: b.similarity.toFixed(2) })})
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs muted">{t("neighbourhood.privateNote")}</p>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
