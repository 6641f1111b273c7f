import type { Metadata } from "next";
import { NeighbourhoodFinder } from "@/components/leaderboard/neighbourhood-finder";
import { Page } from "@/components/page-heading";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.neighbourhood");

export default async function WhichModelPage() {
  const { t } = await serverTranslator();
  return (
    <Page
      title={t("neighbourhood.title")}
      intro={t("neighbourhood.intro")}
      back={{ href: "/leaderboard", label: t("composite.back") }}
    >
      <p className="text-xs muted">{t("neighbourhood.how")}</p>
      <NeighbourhoodFinder />
    </Page>
  );
}
