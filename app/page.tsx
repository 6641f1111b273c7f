import Link from "next/link";
import { Arena } from "@/components/arena/arena";
import { Page } from "@/components/page-heading";
import { serverTranslator } from "@/lib/i18n/session";

export default async function BattlePage() {
  const { t } = await serverTranslator();
  return (
    <Page
      title={t("pages.battleTitle")}
      intro={
        <>
          {t("pages.battleIntro")}{" "}
          <Link href="/history" className="underline">
            {t("pages.yourBattles")}
          </Link>
        </>
      }
    >
      <Arena mode="battle" />
    </Page>
  );
}
