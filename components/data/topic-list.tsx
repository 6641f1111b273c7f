// One kind's topics (VisionArena Figs. 3 and 11): a bar of its share per topic, and its example prompts.
import type { DatasetTopics } from "@/lib/dataset-stats";
import type { Translate } from "@/lib/i18n/client";

export function TopicList({
  slug,
  title,
  kind,
  t,
  locale,
}: {
  /** the section's id and test id: "battles", "direct-chats" */
  slug: string;
  title: string;
  kind: DatasetTopics["battles"];
  t: Translate;
  locale: string;
}) {
  return (
    <section
      aria-labelledby={slug}
      className="min-w-0 space-y-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={`topics-${slug}`}
    >
      <h3 id={slug} className="text-sm font-medium">
        {title}
      </h3>
      {kind.topics.length === 0 ? (
        <p className="text-sm muted">{t("data.topicsNone")}</p>
      ) : (
        <>
          <p className="text-xs muted">
            {t("data.topicsLargest", {
              count: kind.topics.length,
              pool: kind.pool.toLocaleString(locale),
              method: kind.method,
            })}
          </p>
          <ol className="space-y-1 text-sm">
            {kind.topics.map((topic) => (
              <li key={topic.name}>
                <details>
                  <summary className="cursor-pointer">
                    <span className="inline-flex w-[calc(100%-1.5rem)] items-center gap-2 align-middle">
                      <span className="min-w-0 flex-1 truncate">{topic.name}</span>
                      <span className="tabular-nums muted">{(100 * topic.share).toFixed(1)}%</span>
                      <span aria-hidden="true" className="h-2 w-24 shrink-0 rounded bg-zinc-200 dark:bg-zinc-800">
                        <span
                          className="block h-2 rounded bg-brand-600"
                          style={{ width: `${Math.max(2, Math.round(100 * topic.share))}%` }}
                        />
                      </span>
                    </span>
                  </summary>
                  <ul className="ml-4 mt-1 list-disc space-y-1 text-xs text-zinc-700 dark:text-zinc-300">
                    {topic.examples.map((example) => (
                      <li key={example} className="[overflow-wrap:anywhere]">
                        {example}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
