import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SharedConversation } from "@/components/arena/shared-conversation";
import { conversationView } from "@/lib/arena";
import { config, configuredOrigin } from "@/lib/config";
import { getDb } from "@/lib/db";
import { stampedOrigin } from "@/lib/http";
import { serverTranslator } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
/**
 * Link previews need absolute URLs: the arena's public address (ARENA_PUBLIC_URL) when configured, else the origin
 * the front door decided for this request (a trusted proxy's forwarded host and scheme, or the Host header).
 */
export async function generateMetadata(): Promise<Metadata> {
  const [stamped, { t }] = await Promise.all([headers().then(stampedOrigin), serverTranslator()]);
  const base = configuredOrigin(config()) ?? stamped ?? undefined;
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
