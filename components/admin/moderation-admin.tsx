"use client";
import { callApi } from "../api-client";
import { ActionButton } from "./action-button";
import { ErrorNote, useAction } from "./use-action";

export interface QueueItem {
  id: string;
  source: string;
  reason: string;
  createdAt: string | Date;
  imageSha256: string | null;
  conversation: {
    id: string;
    mode: string;
    visitorId: string | null;
    prompts: { turn: number; text: string; images: string[] }[];
  } | null;
}

export function ModerationAdmin({ flags }: { flags: QueueItem[] }) {
  const { busy, error, run } = useAction();
  const review = (id: string, action: "release" | "ban") =>
    run(() => callApi(`/api/admin/moderation/${id}`, "POST", { action }));
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Moderation queue</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Prompts and images a check flagged. <b>Release</b> returns the conversation to good standing; <b>Ban</b> keeps
        it out of every export and share link, blocks its images from new uploads and bans the visitor who sent it.
      </p>
      <ErrorNote error={error} />
      {flags.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing waiting for review.</p>
      ) : null}
      <ul className="space-y-3">
        {flags.map((flag) => {
          const images = [
            ...new Set([
              ...(flag.imageSha256 ? [flag.imageSha256] : []),
              ...(flag.conversation?.prompts.flatMap((p) => p.images) ?? []),
            ]),
          ];
          return (
            <li
              key={flag.id}
              data-flag={flag.id}
              className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <b>{flag.source}</b>: {flag.reason} · {new Date(flag.createdAt).toLocaleString()}
                  {flag.conversation ? ` · ${flag.conversation.mode}` : ""}
                </span>
                <span className="space-x-2">
                  <ActionButton busy={busy} onClick={() => review(flag.id, "release")}>
                    Release
                  </ActionButton>
                  <button type="button" className="btn-danger" disabled={busy} onClick={() => review(flag.id, "ban")}>
                    Ban
                  </button>
                </span>
              </div>
              {flag.conversation?.prompts.map((p) => (
                <p key={p.turn} className="whitespace-pre-wrap rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-950">
                  {p.text}
                </p>
              ))}
              {images.length ? (
                <div className="flex gap-2">
                  {images.map((sha) => (
                    // biome-ignore lint/performance/noImgElement: images served by hash from our own route
                    <img
                      key={sha}
                      src={`/api/images/${sha}`}
                      alt="flagged upload"
                      className="h-24 rounded object-cover blur-sm hover:blur-none"
                    />
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
