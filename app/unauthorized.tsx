import Link from "next/link";
import { SignInForm } from "@/components/auth/sign-in-form";
import { serverTranslator } from "@/lib/i18n/session";

// 401 for a page that needs an account: what the page is for and where a visitor without one can go instead (a bare
// form met visitors who followed "For researchers"), then the sign-in form (back to that page afterwards).
export default async function Unauthorized() {
  const { t } = await serverTranslator();
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-md space-y-1 text-sm" data-testid="unauthorized">
        <p className="text-base font-semibold">{t("unauthorized.title")}</p>
        <p>{t("unauthorized.intro")}</p>
        <Link href="/data" className="underline">
          {t("unauthorized.data")}
        </Link>
      </div>
      <SignInForm />
    </div>
  );
}
