// The language of the request being rendered (the request-bound entry beside index.ts, for server components: it
// reads the request's cookies and headers).
import { cookies, headers } from "next/headers";
import { translator } from "./catalogues";
import { LOCALE_COOKIE, type Locale } from "./locales";
import { localeFrom } from "./negotiate";
import type { Translate } from "./translate";

export async function requestLocale(): Promise<Locale> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return localeFrom({ cookie: jar.get(LOCALE_COOKIE)?.value, acceptLanguage: head.get("accept-language") });
}

/** The request's language and its lookup, for a server component. */
export async function serverTranslator(): Promise<{ locale: Locale; t: Translate }> {
  const locale = await requestLocale();
  return { locale, t: translator(locale) };
}

/** A page's <title> in the request's language: `export const generateMetadata = () => titleMetadata("titles.about")`. */
export async function titleMetadata(key: string, values?: Record<string, string>): Promise<{ title: string }> {
  const { t } = await serverTranslator();
  return { title: t(key, values) };
}
