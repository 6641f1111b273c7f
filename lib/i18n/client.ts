// The browser-safe part of lib/i18n: the languages, the catalogues and their lookup (no request, no negotiation).
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "./locales";
export { type Translate, translator } from "./translate";
