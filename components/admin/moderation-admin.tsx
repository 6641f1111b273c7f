"use client";
// The moderation desk. A flagged prompt or image is released or banned (the visitor who sent it with it). A reported
// answer shows what was reported — the answer as the visitor saw it, its model and side, the reason and the
// reporter's note, the other side's answer for contrast, the prompt — and its actions act on the answer and its
// battle; banning the visitor who asked is a separate action, explained where it is offered.
import Link from "next/link";
import { Markdown } from "@/components/arena/markdown";
import type { QueueItem } from "@/lib/admin";
import { callApi } from "../api-client";
import { ActionButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

type Answer = NonNullable<QueueItem["report"]>["answer"];

const MODES: Record<string, string> = {
  battle: "anonymous battle",
  side_by_side: "side-by-side",
  direct: "direct chat",
};
const RESOLUTIONS: Record<string, string> = {
  released: "released",
  banned: "banned with its sender",
  dismissed: "dismissed",
  marked: "answer marked",
  excluded: "battle excluded",
  asker_banned: "battle excluded, asker banned",
};

const box = "space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900";

function Images({ shas, blurred }: { shas: string[]; blurred: boolean }) {
  if (shas.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {shas.map((sha) => (
        // biome-ignore lint/performance/noImgElement: images served by hash from our own route
        <img
          key={sha}
          src={`/api/images/${sha}`}
          alt={blurred ? "flagged upload (blurred until hovered)" : "the picture the visitor asked about"}
          className={`h-24 rounded object-cover ${blurred ? "blur-sm hover:blur-none" : ""}`}
        />
      ))}
    </div>
  );
}

function AnswerCard({ answer, reported }: { answer: Answer; reported: boolean }) {
  return (
    <figure
      className={`min-w-0 space-y-1 rounded-md border p-2 text-sm ${reported ? "border-amber-500 bg-amber-50 dark:bg-amber-950/40" : "border-zinc-200 dark:border-zinc-800"}`}
      data-testid={reported ? "reported-answer" : "other-answer"}
    >
      <figcaption className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {reported ? "Reported answer" : "Other answer"} · side {answer.side.toUpperCase()} ·{" "}
        {answer.model?.displayName ?? "unknown model"}
        {answer.mark ? ` · marked: ${answer.mark}` : ""}
      </figcaption>
      <div className="max-h-80 overflow-auto">
        {answer.text ? <Markdown text={answer.text} /> : <p className="italic">No answer was written.</p>}
      </div>
    </figure>
  );
}

function ReportDesk({ flag, busy, review }: { flag: QueueItem; busy: boolean; review: Review }) {
  const report = flag.report as NonNullable<QueueItem["report"]>;
  const open = flag.status === "flagged";
  return (
    <>
      <p className="text-sm">
        <b>{report.model?.displayName ?? "A model"}</b> (side {report.side.toUpperCase()}, turn {report.turn}) reported
        as <b>{report.reasonLabel}</b>
        {report.model ? (
          <>
            {" · "}
            <Link
              href={`/admin/moderation?model=${encodeURIComponent(report.model.id)}&status=all`}
              className="underline"
            >
              all reports of this model
            </Link>
          </>
        ) : null}
      </p>
      {report.note ? (
        <blockquote className="border-l-4 border-zinc-300 pl-2 text-sm italic dark:border-zinc-700">
          “{report.note}”<span className="not-italic muted"> — the reporter</span>
        </blockquote>
      ) : null}
      <div className={`grid gap-2 ${report.other ? "md:grid-cols-2" : ""}`}>
        <AnswerCard answer={report.answer} reported />
        {report.other ? <AnswerCard answer={report.other} reported={false} /> : null}
      </div>
      {open ? (
        <div className="flex flex-wrap items-center gap-2">
          <ActionButton busy={busy} onClick={() => review(flag.id, "dismiss")}>
            Dismiss
          </ActionButton>
          <ActionButton busy={busy} onClick={() => review(flag.id, "mark")}>
            Mark the answer
          </ActionButton>
          <button type="button" className="btn-danger" disabled={busy} onClick={() => review(flag.id, "exclude")}>
            Exclude the battle
          </button>
          <details className="text-sm">
            <summary className="cursor-pointer underline">Ban the visitor who asked…</summary>
            <div className="mt-1 max-w-prose space-y-1 rounded-md bg-zinc-50 p-2 dark:bg-zinc-950">
              <p>
                Only when the <em>prompt</em> was written to draw out this answer (a jailbreak, abuse). The visitor who
                asked loses the arena and the battle is excluded. The reporter is never affected.
              </p>
              <button type="button" className="btn-danger" disabled={busy} onClick={() => review(flag.id, "ban-asker")}>
                Ban the asker and exclude the battle
              </button>
            </div>
          </details>
        </div>
      ) : null}
      <p className="text-xs muted">
        Mark: the answer is shown as marked on share pages (and a confirmed “says which model it is” takes the vote off
        the anonymous board). Exclude: the battle leaves the board, exports and share pages.
      </p>
    </>
  );
}

type Review = (id: string, action: string) => void;

export function ModerationAdmin({
  flags,
  model,
  status,
}: {
  flags: QueueItem[];
  model?: { id: string; displayName: string } | null;
  status: string;
}) {
  const { busy, error, run } = useAction();
  const review: Review = (id, action) => void run(() => callApi(`/api/admin/moderation/${id}`, "POST", { action }));
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Moderation{model ? ` · reports of ${model.displayName}` : ""}</h1>
      <p className="max-w-prose text-sm muted">
        Flagged prompts and images: <b>Release</b> returns the conversation to good standing; <b>Ban</b> keeps it out of
        every export and share link, blocks its images from new uploads and bans the visitor who sent it. Reported
        answers are about what a model wrote: act on the answer and its battle.
      </p>
      <nav aria-label="Which items" className="flex flex-wrap gap-3 text-sm">
        {[
          ["flagged", "Waiting"],
          ["all", "All, newest first"],
        ].map(([value, label]) => (
          <Link
            key={value}
            href={`/admin/moderation?status=${value}${model ? `&model=${encodeURIComponent(model.id)}` : ""}`}
            aria-current={status === value ? "page" : undefined}
            className={status === value ? "font-semibold" : "underline"}
          >
            {label}
          </Link>
        ))}
        {model ? (
          <Link href="/admin/moderation" className="underline">
            Every model
          </Link>
        ) : null}
      </nav>
      <ErrorNote error={error} />
      {flags.length === 0 ? <p className="text-sm muted">Nothing waiting for review.</p> : null}
      <ul className="space-y-3">
        {flags.map((flag) => {
          const promptImages = flag.conversation?.prompts.flatMap((p) => p.images) ?? [];
          const images = [...new Set([...(flag.imageSha256 ? [flag.imageSha256] : []), ...promptImages])];
          return (
            <li key={flag.id} data-flag={flag.id} className={box}>
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <b>{flag.sourceLabel}</b>
                  {flag.report ? "" : `: ${flag.reason}`} · {new Date(flag.createdAt).toLocaleString()}
                  {flag.conversation ? ` · ${MODES[flag.conversation.mode] ?? flag.conversation.mode}` : ""}
                  {flag.status !== "flagged"
                    ? ` · ${RESOLUTIONS[flag.resolution ?? flag.status] ?? flag.resolution ?? flag.status}`
                    : ""}
                </span>
                {!flag.report && flag.status === "flagged" ? (
                  <span className="space-x-2">
                    <ActionButton busy={busy} onClick={() => review(flag.id, "release")}>
                      Release
                    </ActionButton>
                    <button type="button" className="btn-danger" disabled={busy} onClick={() => review(flag.id, "ban")}>
                      Ban
                    </button>
                  </span>
                ) : null}
              </div>
              {flag.conversation?.prompts.map((p) => (
                <p key={p.turn} className="whitespace-pre-wrap rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-950">
                  <span className="sr-only">Prompt of turn {p.turn}: </span>
                  {p.text}
                </p>
              ))}
              <Images shas={images} blurred={!flag.report} />
              {flag.report ? <ReportDesk flag={flag} busy={busy} review={review} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
