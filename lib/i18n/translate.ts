// The lookup every visitor-facing string goes through: t("composer.send"), with {name} placeholders filled from
// `values`, in one language's catalogue (./catalogues). It imports no catalogue itself: the browser is handed its
// visitor's one by the root layout (components/i18n.tsx), not all four (134 KB of script on every first view).
import type { Locale } from "./locales";

/** A language's messages, nested by part of the site (messages/<locale>.json). */
export type Catalogue = Record<string, unknown>;

/**
 * Where client components find their catalogue: in the browser, `__arenaMessages`, set by the visitor's catalogue
 * script (./catalogues.ts, catalogueScript); on the server, `__arenaCatalogues`, every language, set by that module.
 */
export type CatalogueGlobals = { __arenaMessages?: Catalogue; __arenaCatalogues?: Record<string, Catalogue> };

/** The catalogue client components read for `locale` (empty before any is there). */
export function globalCatalogue(locale: Locale): Catalogue {
  const globals = globalThis as CatalogueGlobals;
  return globals.__arenaCatalogues?.[locale] ?? globals.__arenaMessages ?? {};
}

type Values = Record<string, string | number>;
/** A catalogue lookup; it knows its language, for what the catalogue does not name (a language, a date). */
export type Translate = ((key: string, values?: Values) => string) & { locale?: Locale };

// one plural-rules object per language, not one per lookup
const pluralRules = new Map<Locale, Intl.PluralRules>();
const pluralOf = (locale: Locale, count: number) => {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
};

/** A message, or for a count its plural form ({"one": …, "other": …}) chosen by the language's own rules. */
function lookup(catalogue: unknown, key: string, locale: Locale, count?: number): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === "string") return node;
  if (node && typeof node === "object" && typeof count === "number") {
    const forms = node as Record<string, string>;
    return forms[pluralOf(locale, count)] ?? forms.other;
  }
  return undefined;
}

const fill = (text: string, values?: Values) =>
  values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;

/** The lookup in `catalogue`; a key it lacks is looked up in `fallback` (English), then shown as the key. */
export function translatorFor(locale: Locale, catalogue: Catalogue, fallback?: Catalogue): Translate {
  const t: Translate = (key, values) => {
    const count = typeof values?.count === "number" ? values.count : undefined;
    const text =
      lookup(catalogue, key, locale, count) ?? (fallback ? lookup(fallback, key, "en", count) : undefined) ?? key;
    // counts are written as the language writes numbers ("2,345", "2 345")
    const shown = count === undefined ? values : { ...values, count: count.toLocaleString(locale) };
    return fill(text, shown);
  };
  t.locale = locale;
  return t;
}

/** Every key of a catalogue, dotted ("composer.send"), for the completeness test. */
export function keysOf(catalogue: unknown, prefix = ""): string[] {
  if (catalogue === null || typeof catalogue !== "object") return [prefix];
  return Object.entries(catalogue as Record<string, unknown>).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The {placeholders} of a message, sorted, so a translation can be checked to keep them all. */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
