// The languages visitors can read the arena in (./negotiate decides a request's). Staff pages stay English.
export const LOCALES = ["en", "fr", "es", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "arena_locale";

/** Each language named in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  fr: "Français",
  es: "Español",
  "zh-CN": "简体中文",
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);
