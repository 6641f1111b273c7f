"use client";
// The visitor's language in client components: the root layout provides the request's locale; the messages are
// that language's catalogue, read from a global (lib/i18n/catalogues.ts: the script the layout names in the browser,
// the server's own catalogues while it renders), so no page carries them in its payload.
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { DEFAULT_LOCALE, globalCatalogue, type Locale, type Translate, translatorFor } from "@/lib/i18n/client";

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export const useLocale = (): Locale => useContext(LocaleContext);

export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translatorFor(locale, globalCatalogue(locale)), [locale]);
}
