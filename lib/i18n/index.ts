// lib/i18n: the languages of the visitor-facing pages, how a request's is decided, the message catalogues and their
// lookup. Components use ./client (browser-safe); server components the request's language from ./session.

export { CATALOGUE_VERSION, CATALOGUES, catalogueScript, catalogueScriptUrl, translator } from "./catalogues";
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "./locales";
export { localeFrom } from "./negotiate";
export { type Catalogue, keysOf, placeholdersOf, type Translate } from "./translate";
