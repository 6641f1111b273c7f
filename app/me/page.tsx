import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { MyData } from "@/components/me/my-data";
import { EmptyPanel, Page, PageSection } from "@/components/page-heading";
import { personalBoard } from "@/lib/arena";
import { signedInUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { VISITOR_COOKIE, visitorIdFromCookie } from "@/lib/http";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.me");

const percent = (v: number) => `${Math.round(100 * v)}%`;

// This browser's own board, from its visitor cookie's votes (lib/arena/personal-board.ts).
export default async function PersonalBoardPage() {
  const visitorId = visitorIdFromCookie((await cookies()).get(VISITOR_COOKIE)?.value);
  const user = await signedInUser();
  const board = visitorId ? await personalBoard(getDb(), visitorId) : { votes: 0, rows: [] };
  const { t } = await serverTranslator();
  return (
    <Page title={t("me.title")} intro={t("me.intro")}>
      {board.rows.length === 0 ? (
        <EmptyPanel action={{ href: "/", label: t("me.start") }}>{t("me.empty")}</EmptyPanel>
      ) : (
        <>
          <p className="text-sm muted" data-testid="me-votes">
            {t("me.votes", { count: board.votes })}
          </p>
          <ol className="space-y-2" data-testid="personal-board">
            {board.rows.map((row, i) => (
              <li
                key={row.model}
                data-model={row.model}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <span className="w-6 text-right tabular-nums muted">{i + 1}</span>
                <Link
                  href={`/models/${encodeURIComponent(row.model)}`}
                  className="min-w-0 flex-1 font-medium underline"
                >
                  {row.displayName}
                </Link>
                <span
                  className="text-lg font-semibold tabular-nums"
                  title={t("me.interval", { lower: percent(row.interval[0]), upper: percent(row.interval[1]) })}
                  data-testid="me-score"
                >
                  {percent(row.score)}
                </span>
                <span className="basis-full pl-9 text-xs muted sm:basis-auto sm:pl-0">
                  {t("me.record")}: {row.wins} · {row.ties} · {row.losses} · {t("me.public")}:{" "}
                  {row.publicRank === null
                    ? t("me.notRanked")
                    : t("me.publicRank", { rank: row.publicRank, score: row.publicScore ?? "" })}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      {(visitorId || user) && (
        <PageSection id="data" title={t("me.dataTitle")}>
          <p className="text-sm">{t("me.dataIntro")}</p>
          {user && (
            <p className="text-sm" data-testid="me-account">
              {t("me.account", { email: user.email ?? user.id })}
            </p>
          )}
          <MyData />
        </PageSection>
      )}
    </Page>
  );
}
