"use client";
import { useState } from "react";
import { StoredImage } from "@/components/stored-image";
import { callApi } from "../api-client";
// The failure-case review (VisionArena §4.5): candidates from "both are bad" votes between top-ranked models,
// accepted or rejected with a note; answers of evaluation runs over the accepted cases marked O or X.
import { ActionButton } from "./action-button";
import { Section } from "./section";
import { ErrorNote, useAction } from "./use-action";

export interface FailureItem {
  id: string;
  status: "candidate" | "accepted" | "rejected";
  note: string | null;
  prompt: string;
  images: string[];
  models: { a: string; b: string };
  ranks: { a: number | null; b: number | null };
  verdicts: { modelId: string; solved: boolean; source: string; answer: string | null }[];
}

export interface RunAnswer {
  caseId: string;
  modelId: string;
  answer: string;
}

function CaseCard({ item, onReview, busy }: { item: FailureItem; onReview: Review; busy: boolean }) {
  const [note, setNote] = useState(item.note ?? "");
  return (
    <li
      data-case={item.id}
      className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-sm">
        <b>{item.models.a}</b> (rank {item.ranks.a ?? "–"}) and <b>{item.models.b}</b> (rank {item.ranks.b ?? "–"}):
        both answers voted bad · <span data-testid="case-status">{item.status}</span>
      </p>
      <p className="whitespace-pre-wrap rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-950">{item.prompt}</p>
      {item.images.map((sha) => (
        <StoredImage key={sha} hash={sha} alt="attached to the prompt" lazy={false} className="max-h-40 rounded" />
      ))}
      <div className="grid gap-2 sm:grid-cols-2">
        {item.verdicts.map((v) => (
          <div key={v.modelId} className="rounded border border-zinc-200 p-2 text-xs dark:border-zinc-800">
            <p className="font-medium">
              {v.modelId}: {v.solved ? "O" : "X"} ({v.source})
            </p>
            <p className="line-clamp-6 whitespace-pre-wrap">{v.answer ?? ""}</p>
          </div>
        ))}
      </div>
      <label className="block text-sm">
        Note
        <input
          className="input mt-1 block w-full"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="what makes it hard (e.g. rotated handwriting, counting shapes)"
        />
      </label>
      <div className="flex gap-2">
        <button type="button" className="btn-primary" disabled={busy} onClick={() => onReview(item.id, "accept", note)}>
          Accept
        </button>
        <ActionButton busy={busy} onClick={() => onReview(item.id, "reject", note)}>
          Reject
        </ActionButton>
      </div>
    </li>
  );
}

type Review = (id: string, action: "accept" | "reject", note: string) => void;

export function FailuresAdmin({ cases, answers }: { cases: FailureItem[]; answers: RunAnswer[] }) {
  const { busy, error, run } = useAction();
  const [message, setMessage] = useState<string | null>(null);
  const review: Review = (id, action, note) =>
    run(() => callApi(`/api/admin/failures/${id}`, "POST", { action, note }));
  const mark = (caseId: string, modelId: string, solved: boolean, answer: string) =>
    run(() => callApi(`/api/admin/failures/${caseId}/verdicts`, "POST", { modelId, solved, answer }));
  const candidates = cases.filter((c) => c.status === "candidate");
  const accepted = cases.filter((c) => c.status === "accepted");
  const ungraded = answers.filter(
    (a) => !accepted.find((c) => c.id === a.caseId)?.verdicts.some((v) => v.modelId === a.modelId),
  );
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Failure cases</h1>
      <p className="text-sm muted">
        Battles between two top-ranked models where the visitor voted both answers bad. Accept the ones that show a real
        failure (the public page lists them with an O/X grid); export them as a prompt set to run more models.
      </p>
      <ErrorNote error={error} />
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={async () => {
            const r = await run(() => callApi<{ added: number }>("/api/admin/failures", "POST", { action: "find" }));
            if (r) setMessage(`${r.added} new candidate${r.added === 1 ? "" : "s"}`);
          }}
        >
          Find candidates now
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy || accepted.length === 0}
          onClick={async () => {
            const r = await run(() =>
              callApi<{ name: string; version: number }>("/api/admin/failures", "POST", { action: "export" }),
            );
            if (r) setMessage(`exported as prompt set ${r.name}@${r.version}`);
          }}
        >
          Export accepted as a prompt set
        </button>
      </div>
      <Section title="Candidates" count={candidates.length} empty="None waiting.">
        <ul className="space-y-3">
          {candidates.map((item) => (
            <CaseCard key={item.id} item={item} onReview={review} busy={busy} />
          ))}
        </ul>
      </Section>
      <Section
        title="Answers to grade"
        count={ungraded.length}
        empty="Nothing to grade: run models on the exported prompt set to add their answers here."
      >
        <ul className="space-y-2">
          {ungraded.map((a) => (
            <li
              key={`${a.caseId}:${a.modelId}`}
              data-grade={`${a.caseId}:${a.modelId}`}
              className="space-y-1 rounded border border-zinc-200 p-2 text-sm dark:border-zinc-800"
            >
              <p>
                <b>{a.modelId}</b> on “{accepted.find((c) => c.id === a.caseId)?.prompt.slice(0, 80)}”
              </p>
              <p className="line-clamp-6 whitespace-pre-wrap text-xs">{a.answer}</p>
              <div className="flex gap-2">
                {([true, false] as const).map((solved) => (
                  <button
                    key={String(solved)}
                    type="button"
                    className="btn-secondary"
                    disabled={busy}
                    onClick={() => mark(a.caseId, a.modelId, solved, a.answer)}
                  >
                    {solved ? "O: solved" : "X: failed"}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Accepted" count={accepted.length}>
        <ul className="space-y-3">
          {accepted.map((item) => (
            <CaseCard key={item.id} item={item} onReview={review} busy={busy} />
          ))}
        </ul>
      </Section>
    </div>
  );
}
