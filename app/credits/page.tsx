import type { Metadata } from "next";
import { PageHeading } from "@/components/page-heading";
import { Table } from "@/components/table";
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
    <div className="space-y-4">
      <PageHeading
        title={t("credits.title")}
        intro={
          <>{t("credits.intro", { total: bank.length, photos: photos.length, drawn: bank.length - photos.length })}</>
        }
      />
      <Table aria-label={t("credits.table")}>
        <thead>
          <tr>
            <th scope="col">{t("credits.photo")}</th>
            <th scope="col">{t("credits.author")}</th>
            <th scope="col">{t("credits.licence")}</th>
            <th scope="col">{t("credits.from")}</th>
          </tr>
        </thead>
        <tbody>
          {photos.map((p) => (
            <tr key={p.id}>
              <td>
                <a href={`/presets/${p.file}`} className="underline">
                  {p.title ?? p.id}
                </a>
              </td>
              <td>{p.author}</td>
              <td>{p.licence}</td>
              <td>{p.source}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
