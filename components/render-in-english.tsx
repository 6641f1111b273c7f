// Tests render client components as the root layout serves them: inside the language provider, in English.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { CATALOGUES } from "@/lib/i18n";
import { I18nProvider } from "./i18n";

export const renderInEnglish = (node: ReactNode): string =>
  renderToStaticMarkup(
    <I18nProvider locale="en" messages={CATALOGUES.en}>
      {node}
    </I18nProvider>,
  );
