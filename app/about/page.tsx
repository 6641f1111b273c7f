import type { Metadata } from "next";
import Link from "next/link";
import { DemoNote } from "@/components/demo-note";
import { LinkButtons, PageSection } from "@/components/page-heading";
import { rich } from "@/components/rich-text";
import { getDb } from "@/lib/db";
import { demoBattleCount, demoBoardShown } from "@/lib/export";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";
import { LISTING_MIN_VOTES } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.about");

// The method behind every board, for visitors: how votes become scores, what the intervals and ranks mean, what
// style control removes, and which battles count. Linked from each board.
export default async function AboutPage() {
  const [demoBattles, { t }] = await Promise.all([demoBattleCount(getDb()), serverTranslator()]);
  const demoOnBoard = demoBoardShown();
  const section = (id: string, name: string, text: React.ReactNode) => (
    <PageSection id={id} title={t(`about.${name}Title`)}>
      <p>{text}</p>
    </PageSection>
  );
  return (
    <article className="prose-sm mx-auto max-w-2xl space-y-4 text-sm leading-relaxed text-zinc-700 dark:text-zinc-300">
      <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">{t("about.title")}</h1>
      {section("votes", "votes", t("about.votes"))}
      {section("intervals", "intervals", t("about.intervals"))}
      {section("tiers", "tiers", t("about.tiers"))}
      {section("listing", "listing", rich(t("about.listing", { min: LISTING_MIN_VOTES }), { em: (w) => <em>{w}</em> }))}
      {section("fragility", "fragility", t("about.fragility"))}
      {section(
        "method",
        "method",
        rich(t("about.method"), {
          code: (w) => <code>{w}</code>,
          link: (w) => (
            <Link href="/methodology" className="underline">
              {w}
            </Link>
          ),
        }),
      )}
      {section("style", "style", t("about.style"))}
      {section("categories", "categories", t("about.categories"))}
      {section("your-data", "yourData", t("about.yourData"))}
      <PageSection id="counted" title={t("about.countedTitle")}>
        <p>{t("about.counted")}</p>
        <DemoNote battles={demoBattles} onBoard={demoOnBoard} />
      </PageSection>
      <LinkButtons
        primary={{ href: "/leaderboard", label: t("about.back") }}
        secondary={{ href: "/bench", label: t("about.bench") }}
      />
    </article>
  );
}
