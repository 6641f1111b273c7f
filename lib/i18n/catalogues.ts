// One message catalogue per language (messages/<locale>.json) and the lookup in it for server code. A key missing
// from a language falls back to English (a unit test keeps every catalogue complete, so it never should).
//
// Client components read their visitor's catalogue from a global: in the browser a script the root layout names
// (catalogueScript, served once per language and version, cached by the browser for good), on the server this
// module's own. Handing it to them as a prop put ~30 KB into every page's payload and HTML (twice): the board's
// page rendered 65 requests a second instead of 84; bundling all four into the client cost 135 KB of script.
import crypto from "node:crypto";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import zhCN from "../../messages/zh-CN.json";
import type { Locale } from "./locales";
import { type CatalogueGlobals, type Translate, translatorFor } from "./translate";

export const CATALOGUES: Record<Locale, typeof en> = { en, fr, es, "zh-CN": zhCN };

export function translator(locale: Locale): Translate {
  return translatorFor(locale, CATALOGUES[locale], en);
}

/** A hash of every catalogue: part of the script's address, so a new catalogue is a new address. */
export const CATALOGUE_VERSION = crypto
  .createHash("sha256")
  .update(JSON.stringify(CATALOGUES))
  .digest("hex")
  .slice(0, 12);

/** The address of a language's catalogue script. */
export const catalogueScriptUrl = (locale: Locale) => `/api/i18n/${locale}.js?v=${CATALOGUE_VERSION}`;

/** The script that hands a language's catalogue to the browser's client components. */
export const catalogueScript = (locale: Locale) =>
  `self.${"__arenaMessages" satisfies keyof CatalogueGlobals}=${JSON.stringify(CATALOGUES[locale])};`;

// the server's rendering of client components reads the same global
(globalThis as CatalogueGlobals).__arenaCatalogues = CATALOGUES;
