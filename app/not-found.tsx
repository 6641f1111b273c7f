import { LinkButtons } from "@/components/page-heading";
import { serverTranslator } from "@/lib/i18n/session";

// Unknown pages, models, battles and prompts: the site's own page with a way back, not the framework's.
export default async function NotFound() {
  const { t } = await serverTranslator();
  return (
    <div className="mx-auto max-w-md space-y-3 py-12 text-center">
      <p className="text-sm font-medium text-brand-600 dark:text-indigo-300">404</p>
      <h1 className="text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-sm muted">{t("notFound.body")}</p>
      <LinkButtons
        centred
        primary={{ href: "/", label: t("notFound.back") }}
        secondary={{ href: "/leaderboard", label: t("notFound.leaderboard") }}
      />
    </div>
  );
}
