import type { ConversationView } from "@/lib/arena";
import type { Translate } from "@/lib/i18n/client";
import { imageAlt } from "../format";
import { LocalTime } from "../local-time";
import { ImageViewer } from "./image-viewer";
import { Markdown } from "./markdown";

const VERDICT: Record<string, string> = {
  model_a: "vote.aBetter",
  model_b: "vote.bBetter",
  tie: "vote.tie",
  "tie (bothbad)": "vote.bothBad",
};

/** A voted battle, read-only, with its images and the models revealed. */
export function SharedConversation({ view, t }: { view: ConversationView; t: Translate }) {
  const sides = (["a", "b"] as const).filter((s) => view.sides[s]);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("share.title")}</h1>
        <p className="text-sm muted">
          {t("share.verdict")}{" "}
          <strong data-testid="verdict">
            {view.vote ? t(VERDICT[view.vote.winner] as string) : t("share.notVoted")}
          </strong>
          {view.isPreset ? t("share.preset") : ""} · <LocalTime iso={new Date(view.createdAt).toISOString()} />
        </p>
        <a
          href="/"
          className="mt-2 inline-block rounded-md bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("share.startOwn")}
        </a>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {sides.map((side) => {
          const data = view.sides[side];
          return (
            <section
              key={side}
              className="min-w-0 rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
            >
              <h2 className="border-b border-zinc-200 px-4 py-2 font-semibold dark:border-zinc-800">
                {t("arena.modelSide", { side: side.toUpperCase() })}: {data?.model?.displayName ?? t("share.hidden")}
                {data?.model?.isDemo ? ` ${t("arena.demo")}` : ""}
              </h2>
              <div className="space-y-3 p-4 text-sm">
                {data?.messages.map((m) =>
                  m.role === "user" ? (
                    <div
                      key={`${m.turn}-${m.role}`}
                      className="space-y-2 rounded-2xl bg-brand-50 px-3 py-2 dark:bg-zinc-800"
                    >
                      {m.images.map((sha, i) => (
                        <ImageViewer
                          key={sha}
                          src={`/api/images/${sha}`}
                          alt={imageAlt(m.content, i, m.images.length, t)}
                          thumbClass="max-h-60 rounded-lg"
                        />
                      ))}
                      <p className="whitespace-pre-wrap">{m.content}</p>
                    </div>
                  ) : (
                    <div key={`${m.turn}-${m.role}`}>
                      <Markdown text={m.content} />
                    </div>
                  ),
                )}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
