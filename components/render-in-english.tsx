// Tests render client components as the root layout serves them: inside the language provider, in English.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import "@/lib/i18n"; // its catalogues module provides the server's catalogues to client components
import { I18nProvider } from "./i18n";

export const renderInEnglish = (node: ReactNode): string =>
  renderToStaticMarkup(<I18nProvider locale="en">{node}</I18nProvider>);
