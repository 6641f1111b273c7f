"use client";
// The visitor's language in client components: the root layout provides the request's locale and that language's
// catalogue (the only one the browser receives); useT() looks messages up in it.
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type Catalogue, DEFAULT_LOCALE, type Locale, type Translate, translatorFor } from "@/lib/i18n/client";

const LocaleContext = createContext<{ locale: Locale; messages: Catalogue }>({ locale: DEFAULT_LOCALE, messages: {} });

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Catalogue;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export const useLocale = (): Locale => useContext(LocaleContext).locale;

export function useT(): Translate {
  const { locale, messages } = useContext(LocaleContext);
  return useMemo(() => translatorFor(locale, messages), [locale, messages]);
}
