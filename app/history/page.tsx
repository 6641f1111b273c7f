import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { LocalTime } from "@/components/local-time";
import { EmptyPanel, Page } from "@/components/page-heading";
import { StoredImage } from "@/components/stored-image";
import { visitorHistory } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { VISITOR_COOKIE, visitorIdFromCookie } from "@/lib/http";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.history");

const MODE_LABEL = { battle: "history.battle", side_by_side: "history.sideBySide", direct: "history.chat" } as const;
const VOTE_LABEL = {
  model_a: "history.preferredA",
  model_b: "history.preferredB",
  tie: "history.tie",
  "tie (bothbad)": "history.bothBad",
} as const;

// This browser's own conversations, by its visitor cookie: no account, nothing another visitor can see.
export default async function HistoryPage() {
  const visitorId = visitorIdFromCookie((await cookies()).get(VISITOR_COOKIE)?.value);
  const items = visitorId ? await visitorHistory(getDb(), visitorId) : [];
  const { t } = await serverTranslator();
  return (
    <Page title={t("history.title")} intro={t("history.intro")}>
      {items.length === 0 ? (
        <EmptyPanel action={{ href: "/", label: t("history.start") }}>{t("history.empty")}</EmptyPanel>
      ) : (
        <ul className="space-y-2" data-testid="history">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                href={item.href}
                className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white p-3 hover:border-brand-500 dark:border-zinc-800 dark:bg-zinc-900"
              >
                {item.image ? (
                  <StoredImage hash={item.image} className="size-14 shrink-0 rounded-md object-cover" />
                ) : (
                  <span className="size-14 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800" aria-hidden />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{item.prompt || t("history.noQuestion")}</span>
                  <span className="block text-xs muted">
                    {t(MODE_LABEL[item.mode])} · <LocalTime iso={item.createdAt.toISOString()} />
                    {item.turns > 1 ? ` · ${t("history.turns", { count: item.turns })}` : ""}
                    {item.vote
                      ? ` · ${t(VOTE_LABEL[item.vote])}`
                      : item.mode === "battle"
                        ? ` · ${t("history.notVoted")}`
                        : ""}
                    {item.models ? ` · ${item.models.join(" vs ")}` : ""}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
