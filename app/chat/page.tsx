import type { Metadata } from "next";
import { Arena } from "@/components/arena/arena";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.chat");

export default async function ChatPage() {
  const { t } = await serverTranslator();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.chat")}</h1>
      <Arena mode="direct" />
    </div>
  );
}
