import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SharedConversation } from "@/components/arena/shared-conversation";
import { conversationView } from "@/lib/arena";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Shared battle" };

export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const view = await conversationView(getDb(), id, { share: true }).catch(() => null);
  if (!view) notFound();
  return <SharedConversation view={view} />;
}
