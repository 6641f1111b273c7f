import Link from "next/link";
import { Arena } from "@/components/arena/arena";
import { serverTranslator } from "@/lib/i18n/session";

export default async function BattlePage() {
  const { t } = await serverTranslator();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("pages.battleTitle")}</h1>
        <p className="text-sm muted">
          {t("pages.battleIntro")}{" "}
          <Link href="/history" className="underline">
            {t("pages.yourBattles")}
          </Link>
        </p>
      </div>
      <Arena mode="battle" />
    </div>
  );
}
