"use client";
// One model's side of a battle or chat: its title, after a vote who it was, and the turns as they stream.
import Link from "next/link";
import { useT } from "@/components/i18n";
import { imageAlt } from "../format";
import type { ModelInfo, Side } from "./api";
import { CopyButton } from "./copy-button";
import { ImageViewer } from "./image-viewer";
import { Markdown } from "./markdown";
import { ReportAnswer, type ReportReason } from "./report-answer";
import { type Entry, shownText } from "./resume";
import { ThinkingClock, ThoughtBlock } from "./thinking";

export const VERDICT_LABELS = {
  winner: "vote.yourPick",
  loser: "vote.notPicked",
  tie: "vote.tied",
  bothbad: "vote.bothBadVerdict",
} as const;
export type Verdict = keyof typeof VERDICT_LABELS;

interface Props {
  side: Side;
  title: string;
  entries: Entry[];
  verdict: Verdict | null;
  /** the model, shown with its organisation, score and page once the vote reveals it */
  revealed?: ModelInfo;
  /** on a phone only one side shows at a time */
  hiddenOnPhone: boolean;
  busy: boolean;
  onRetry: (side: Side) => void;
  /** sends a report of this side's answer to the moderators (absent where there is nothing to report) */
  onReport?: (side: Side, reason: ReportReason, note: string) => Promise<void>;
  /** pages through the versions Regenerate left (the one shown is the one the vote judges) */
  onShowVersion?: (side: Side, version: number) => void;
}

/** ‹ 2/3 ›: the versions of an answer after Regenerate. */
function VersionPager({ entry, side, onShow }: { entry: Entry; side: Side; onShow: (v: number) => void }) {
  const t = useT();
  const total = entry.versions?.length ?? 0;
  const shown = entry.shownVersion ?? total;
  if (total < 2 || entry.status !== "done") return null;
  return (
    <span className="flex items-center gap-1 text-xs muted" data-testid={`versions-${side}`}>
      <button
        type="button"
        onClick={() => onShow(shown - 1)}
        disabled={shown <= 1}
        aria-label={t("answer.previousVersion")}
        className="rounded px-1.5 hover:bg-zinc-100 disabled:opacity-40 dark:hover:bg-zinc-800"
      >
        ‹
      </button>
      <span aria-live="polite">
        <span className="sr-only">{t("answer.version")} </span>
        {shown}/{total}
      </span>
      <button
        type="button"
        onClick={() => onShow(shown + 1)}
        disabled={shown >= total}
        aria-label={t("answer.nextVersion")}
        className="rounded px-1.5 hover:bg-zinc-100 disabled:opacity-40 dark:hover:bg-zinc-800"
      >
        ›
      </button>
    </span>
  );
}

/** After the reveal: how fast the answer came and how long it is (WildVision shows the same). */
function AnswerStatsLine({ stats }: { stats: NonNullable<Entry["stats"]> }) {
  const t = useT();
  if (stats.firstTokenMs === null || stats.totalMs === null) return null;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const values = { first: seconds(stats.firstTokenMs), total: seconds(stats.totalMs), tokens: stats.tokens ?? 0 };
  return (
    <p className="mr-auto text-xs muted tabular-nums" data-testid="answer-stats">
      {stats.tokens === null ? t("answer.statsNoTokens", values) : t("answer.stats", values)}
    </p>
  );
}

function Reveal({ model }: { model: ModelInfo }) {
  const t = useT();
  const score =
    model.rating === undefined
      ? null
      : typeof model.rating !== "number"
        ? t("answer.notOnBoard")
        : model.preliminary
          ? t("answer.scorePreliminary", { score: model.rating, count: model.votes ?? 0 })
          : t("answer.score", { score: model.rating });
  return (
    <p
      className="border-b border-zinc-200 px-4 py-1.5 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
      data-testid="reveal"
      data-score={typeof model.rating === "number" ? model.rating : undefined}
    >
      {[model.organization, score].filter(Boolean).join(" · ")}
      {(model.organization || score) && " · "}
      <Link href={`/models/${encodeURIComponent(model.id)}`} className="underline">
        {t("answer.modelPage")}
      </Link>
    </p>
  );
}

export function AnswerPane({
  side,
  title,
  entries,
  verdict,
  revealed,
  hiddenOnPhone,
  busy,
  onRetry,
  onReport,
  onShowVersion,
}: Props) {
  const t = useT();
  const lastAnswer = entries.findLast((e) => e.role === "assistant");
  return (
    <section
      data-testid={`panel-${side}`}
      aria-label={title}
      className={`${hiddenOnPhone ? "hidden md:flex" : "flex"} min-h-64 min-w-0 flex-col rounded-xl border bg-white shadow-sm dark:bg-zinc-900 ${
        verdict === "winner" ? "border-emerald-500 ring-2 ring-emerald-500" : "border-zinc-200 dark:border-zinc-800"
      }`}
    >
      <h2 className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-4 py-2 font-semibold dark:border-zinc-800">
        <span data-testid={`title-${side}`}>{title}</span>
        {verdict && (
          <span
            data-testid={`verdict-${side}`}
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              verdict === "winner"
                ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
                : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            }`}
          >
            {t(VERDICT_LABELS[verdict])}
          </span>
        )}
      </h2>
      {verdict && revealed && (
        <div data-testid={`reveal-${side}`}>
          <Reveal model={revealed} />
        </div>
      )}
      <div className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
        {entries.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("answer.placeholder")}</p>}
        {entries.map((entry) => (
          <div key={`${entry.turn}-${entry.role}`} className={entry.role === "user" ? "flex justify-end" : ""}>
            {entry.role === "user" ? (
              // the first turn's images are shown once, above both answers; a follow-up's new ones with its question
              <div className="max-w-[85%] space-y-1 rounded-2xl bg-brand-50 px-3 py-2 text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
                {entry.turn > 1 && entry.images.length > 0 && (
                  <div className="flex flex-wrap justify-end gap-1" data-testid={`turn-images-${side}`}>
                    {entry.images.map((url, i) => (
                      <ImageViewer
                        key={url}
                        src={url}
                        alt={imageAlt(entry.content, i, entry.images.length, t)}
                        thumbClass="max-h-20 rounded-md border border-zinc-200 dark:border-zinc-700"
                      />
                    ))}
                  </div>
                )}
                <p className="whitespace-pre-wrap">{entry.content}</p>
              </div>
            ) : (
              <div data-testid={`answer-${side}`} data-status={entry.status} className="break-words text-sm">
                {entry.thought && <ThoughtBlock thought={entry.thought} />}
                {entry.status === "streaming" && !entry.content && entry.thinkingSince !== undefined && (
                  <ThinkingClock since={entry.thinkingSince} />
                )}
                <Markdown text={shownText(entry)} streaming={entry.status === "streaming"} />
                {entry.stopped && (
                  <p className="mt-1 text-xs muted" data-testid={`stopped-${side}`}>
                    {t("answer.stopped")}
                  </p>
                )}
                {entry.status === "streaming" && (
                  <span className="inline-block h-4 w-2 animate-pulse bg-zinc-400 align-middle" aria-hidden />
                )}
                {entry.status === "error" && (
                  <div
                    role="alert"
                    className="mt-2 flex items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
                  >
                    <span>{entry.error}</span>
                    {entry.retryable !== false && (
                      <button
                        type="button"
                        onClick={() => onRetry(side)}
                        disabled={busy}
                        className="rounded-md border border-red-300 px-2 py-0.5 text-xs font-medium hover:bg-red-100 disabled:opacity-50 dark:border-red-700 dark:hover:bg-red-900"
                      >
                        {t("answer.retry")}
                      </button>
                    )}
                  </div>
                )}
              </div>
            )}
            {entry.role === "assistant" && entry.status === "done" && entry.content && (
              <div className="mt-1 flex flex-wrap items-center justify-end gap-3">
                {/* beside the answer's buttons, not in its text: the answer reads (and copies) as it was written */}
                {entry.stats && <AnswerStatsLine stats={entry.stats} />}
                {entry === lastAnswer && onShowVersion && (
                  <VersionPager entry={entry} side={side} onShow={(v) => onShowVersion(side, v)} />
                )}
                {onReport && entry === lastAnswer && (
                  <ReportAnswer onReport={(reason, note) => onReport(side, reason, note)} />
                )}
                <CopyButton text={shownText(entry)} label={t("answer.copy")} />
              </div>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
