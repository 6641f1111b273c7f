// One message catalogue per language (messages/<locale>.json) and the lookup in it for server code. A key missing
// from a language falls back to English (a unit test keeps every catalogue complete, so it never should).
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import zhCN from "../../messages/zh-CN.json";
import type { Locale } from "./locales";
import { type Translate, translatorFor } from "./translate";

export const CATALOGUES: Record<Locale, typeof en> = { en, fr, es, "zh-CN": zhCN };

export function translator(locale: Locale): Translate {
  return translatorFor(locale, CATALOGUES[locale], en);
}
