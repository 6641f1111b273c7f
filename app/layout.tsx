import type { Metadata } from "next";
import Script from "next/script";
import type { ReactNode } from "react";
import { I18nProvider } from "@/components/i18n";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { THEME_SCRIPT } from "@/components/theme-switch";
import { catalogueScriptUrl } from "@/lib/i18n";
import { requestLocale, serverTranslator } from "@/lib/i18n/session";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslator();
  return {
    title: { default: "Vision Arena", template: "%s · Vision Arena" },
    description: t("titles.siteDescription"),
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // the visitor's language (their choice, else the browser's): the visitor-facing pages speak it; staff pages English
  const locale = await requestLocale();
  return (
    // the theme script sets data-theme before React hydrates: expected to differ from the server's HTML
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user input */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* the visitor's catalogue for client components, run before Next hydrates any of them (cached for good) */}
        <Script src={catalogueScriptUrl(locale)} strategy="beforeInteractive" />
      </head>
      <body className="min-h-dvh font-sans">
        <I18nProvider locale={locale}>
          <SiteHeader />
          <main className="mx-auto w-full max-w-6xl px-4 py-8">{children}</main>
          <SiteFooter />
        </I18nProvider>
      </body>
    </html>
  );
}
