// What a visitor reads when a request fails: the server's own words (they carry the details: which limit, how
// many), or in another language the catalogue's words for the error's code when it has them; with how long to wait
// after a rate limit.
import type { Locale, Translate } from "@/lib/i18n/client";
import { ApiFailure } from "./api";

export function friendly(error: unknown, t: Translate, locale: Locale): string {
  if (!(error instanceof ApiFailure)) return t("errors.network");
  const key = `errors.${error.code}`;
  const translated = locale === "en" ? null : t(key);
  const said = translated && translated !== key ? translated : error.message;
  if (error.status !== 429 || !error.retryAfter) return said;
  const wait =
    error.retryAfter < 120
      ? t("errors.waitSeconds", { count: error.retryAfter })
      : t("errors.waitMinutes", { count: Math.ceil(error.retryAfter / 60) });
  return `${said} ${wait}`;
}
