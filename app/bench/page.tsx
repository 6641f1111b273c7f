import type { Metadata } from "next";
import { BenchBoardView } from "@/components/bench/bench-board";
import { PageHeading } from "@/components/page-heading";
import { signedInUser } from "@/lib/auth/session";
import { benchBoard, benchItemList } from "@/lib/bench";
import { getDb } from "@/lib/db";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.bench");

export default async function BenchPage() {
  const db = getDb();
  const [shown, user, { t }] = await Promise.all([benchBoard(db), signedInUser(), serverTranslator()]);
  const staff = user?.role === "admin" || user?.role === "researcher";
  const items = staff && shown?.board ? await benchItemList(db) : [];
  return (
    <div className="space-y-5">
      <PageHeading title={t("bench.title")} intro={t("bench.intro")} />
      <BenchBoardView shown={shown} staff={staff} items={items} t={t} />
    </div>
  );
}
