import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { THEME_SCRIPT } from "@/components/theme-switch";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Vision Arena", template: "%s · Vision Arena" },
  description: "Compare vision-language models side by side on your own images, vote, and see the leaderboard.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // the theme script sets data-theme before React hydrates: expected to differ from the server's HTML
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user input */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-dvh font-sans">
        <SiteHeader />
        <main className="mx-auto w-full max-w-6xl px-4 py-8">{children}</main>
        <SiteFooter />
      </body>
    </html>
  );
}
