import Link from "next/link";
import { Arena } from "@/components/arena/arena";
import { PageHeading } from "@/components/page-heading";
import { serverTranslator } from "@/lib/i18n/session";

export default async function BattlePage() {
  const { t } = await serverTranslator();
  return (
    <div className="space-y-4">
      <PageHeading
        title={t("pages.battleTitle")}
        intro={
          <>
            {t("pages.battleIntro")}{" "}
            <Link href="/history" className="underline">
              {t("pages.yourBattles")}
            </Link>
          </>
        }
      />
      <Arena mode="battle" />
    </div>
  );
}
