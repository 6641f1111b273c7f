import type { Metadata } from "next";
import { DataTable } from "@/components/data-table";
import { Page } from "@/components/page-heading";
import { presetBank } from "@/lib/arena";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.credits");

// Who made the pictures behind "Random image", under which licence: the photographs' authors are credited as their
// licences ask; the charts, documents and diagrams were drawn for this project and are CC0.
export default async function CreditsPage() {
  const { t } = await serverTranslator();
  const bank = presetBank();
  const photos = bank.filter((p) => p.photo);
  return (
    <Page
      title={t("credits.title")}
      intro={t("credits.intro", { total: bank.length, photos: photos.length, drawn: bank.length - photos.length })}
    >
      <DataTable
        label={t("credits.table")}
        rows={photos}
        rowKey={(p) => p.id}
        columns={[
          {
            header: t("credits.photo"),
            cell: (p) => (
              <a href={`/presets/${p.file}`} className="underline">
                {p.title ?? p.id}
              </a>
            ),
          },
          { header: t("credits.author"), cell: (p) => p.author },
          { header: t("credits.licence"), cell: (p) => p.licence },
          { header: t("credits.from"), cell: (p) => p.source },
        ]}
      />
    </Page>
  );
}
