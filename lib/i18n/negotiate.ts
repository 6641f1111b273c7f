// How a request's language is decided: the visitor's own choice (the footer's switch, kept in a cookie), else the
// browser's Accept-Language (negotiated as HTTP says, q-values and all, by the library the compressor uses), else
// English.
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** "zh", "zh-Hans", "zh-SG" read Simplified Chinese; "fr-CA" French: a language's catalogue serves its regions. */
/** A Map, not an object: a header's "constructor" or "__proto__" must find nothing, not Object's own members. */
const PRIMARY = new Map<string, Locale>([
  ["en", "en"],
  ["fr", "fr"],
  ["es", "es"],
  ["zh", "zh-CN"],
]);

export function localeFrom(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  const header = input.acceptLanguage ?? "";
  if (!header) return DEFAULT_LOCALE;
  const asked = new Negotiator({ headers: { "accept-language": header } }).languages();
  for (const tag of asked) {
    if (isLocale(tag)) return tag;
    if (/^zh-(hant|tw|hk|mo)/i.test(tag)) continue; // Traditional Chinese is not Simplified
    const primary = PRIMARY.get(tag.split("-")[0]?.toLowerCase() ?? "");
    if (primary) return primary;
  }
  return DEFAULT_LOCALE;
}
