import type { Metadata } from "next";
import { Arena } from "@/components/arena/arena";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.sideBySide");

export default async function SideBySidePage() {
  const { t } = await serverTranslator();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.sideBySide")}</h1>
      <Arena mode="side_by_side" />
    </div>
  );
}
