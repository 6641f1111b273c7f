import { oauthProviders } from "@/lib/auth";
import { signInWithPassword, signInWithProvider } from "@/lib/auth/session";
import { serverTranslator } from "@/lib/i18n/session";
import { ReturnPathInput } from "./return-path-input";

/** The reasons a sign-in is refused that the page explains (Auth.js' and our single sign-on's codes). */
const ERRORS = new Set([
  "credentials",
  "OAuthAccountNotLinked",
  "AccessDenied",
  "oidc_no_email",
  "oidc_domain",
  "oidc_unverified",
  "oidc_no_role",
]);

/** The staff sign-in: e-mail and password, plus GitHub/Google and single sign-on when configured; in the reader's
 *  language, as every public page. */
export async function SignInForm({ next, error, email }: { next?: string; error?: string; email?: string }) {
  const providers = oauthProviders();
  const { t } = await serverTranslator();
  return (
    <div className="mx-auto max-w-sm space-y-4 rounded-xl border border-zinc-200 p-6 dark:border-zinc-800">
      <div>
        <h1 className="text-xl font-semibold">{t("signin.title")}</h1>
        <p className="text-sm muted">{t("signin.intro")}</p>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {ERRORS.has(error) ? t(`signin.errors.${error}`) : t("signin.failed")}
        </p>
      ) : null}
      <form action={signInWithPassword} className="space-y-3">
        <ReturnPathInput next={next} />
        <label className="block text-sm">
          {t("signin.email")}
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={email}
            className="input mt-1 w-full"
          />
        </label>
        <label className="block text-sm">
          {t("signin.password")}
          <input
            name="password"
            type="password"
            required
            autoComplete="current-password"
            className="input mt-1 w-full"
          />
        </label>
        <button type="submit" className="btn-primary w-full">
          {t("signin.submit")}
        </button>
      </form>
      {providers.map((p) => (
        <form key={p.id} action={signInWithProvider}>
          <input type="hidden" name="provider" value={p.id} />
          <ReturnPathInput next={next} />
          <button type="submit" className="btn-secondary w-full">
            {t("signin.continueWith", { name: p.name })}
          </button>
        </form>
      ))}
    </div>
  );
}
