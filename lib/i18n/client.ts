// The browser-safe part of lib/i18n: the languages and the lookup in a catalogue handed over by the server (no
// catalogue, no request, no negotiation).
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "./locales";
export { type Catalogue, globalCatalogue, type Translate, translatorFor } from "./translate";
