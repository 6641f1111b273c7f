"use client";
import { useT } from "@/components/i18n";

import type { Winner } from "./api";
import { CopyButton } from "./copy-button";
import { GalleryToggle } from "./gallery-toggle";

const VOTES: { winner: Winner; key: string }[] = [
  { winner: "model_a", key: "vote.aBetter" },
  { winner: "model_b", key: "vote.bBetter" },
  { winner: "tie", key: "vote.tie" },
  { winner: "tie (bothbad)", key: "vote.bothBad" },
];

/** The four votes, then the thanks and a share link once voted. */
export function VoteBar({
  vote,
  canVote,
  shareUrl,
  onVote,
  gallery,
}: {
  vote: Winner | null;
  canVote: boolean;
  shareUrl: string | null;
  onVote: (winner: Winner) => void;
  /** an anonymous battle's own page: it may go in the public gallery */
  gallery?: { conversationId: string; shown: boolean };
}) {
  const t = useT();
  return (
    <>
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <legend className="sr-only">{t("vote.legend")}</legend>
        {VOTES.map((v) => (
          <button
            key={v.winner}
            type="button"
            disabled={!canVote}
            onClick={() => onVote(v.winner)}
            className={`rounded-lg border px-3 py-2 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-60 ${
              vote === v.winner
                ? "border-brand-600 bg-brand-600 text-white disabled:opacity-100"
                : "border-zinc-300 bg-white hover:border-brand-500 hover:bg-brand-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
            }`}
          >
            {t(v.key)}
          </button>
        ))}
      </fieldset>
      {canVote && (
        <p className="hidden text-center text-xs text-zinc-600 sm:block dark:text-zinc-400" data-testid="vote-keys">
          {t("vote.keys")} <kbd>A</kbd> {t("vote.keysBetter")} <kbd>B</kbd> {t("vote.keysBetterRest")} <kbd>T</kbd>{" "}
          {t("vote.keysTie")} <kbd>N</kbd> {t("vote.keysBad")}
        </p>
      )}
      {vote && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
          data-testid="vote-thanks"
        >
          <span>{t("vote.thanks")}</span>
          {shareUrl && (
            <>
              <a className="font-medium underline" href={shareUrl} data-testid="share-link">
                {t("vote.share")}
              </a>
              <CopyButton text={shareUrl} />
              {gallery && <GalleryToggle conversationId={gallery.conversationId} shown={gallery.shown} />}
            </>
          )}
        </div>
      )}
    </>
  );
}
