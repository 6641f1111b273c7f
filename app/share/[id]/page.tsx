import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SharedConversation } from "@/components/arena/shared-conversation";
import { conversationView } from "@/lib/arena";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { serverTranslator } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
/**
 * Link previews need absolute URLs: the arena's public address (AUTH_URL) when configured, else the address this
 * request came to (https, except on localhost).
 */
export async function generateMetadata(): Promise<Metadata> {
  const [host, { t }] = await Promise.all([headers().then((h) => h.get("host")), serverTranslator()]);
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host ?? "");
  const base = config().AUTH_URL ?? (host ? `${local ? "http" : "https"}://${host}` : undefined);
  return {
    title: t("titles.share"),
    description: t("titles.shareDescription"),
    ...(base && URL.canParse(base) ? { metadataBase: new URL(base) } : {}),
  };
}

export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const view = await conversationView(getDb(), id, { share: true }).catch(() => null);
  if (!view) notFound();
  const { t } = await serverTranslator();
  return <SharedConversation view={view} t={t} />;
}
