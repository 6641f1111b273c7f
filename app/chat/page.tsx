import type { Metadata } from "next";
import { ModePage } from "@/components/arena/mode-page";
import { titleMetadata } from "@/lib/i18n/session";

export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.chat");

export default function ChatPage() {
  return <ModePage mode="direct" title="pages.chat" />;
}
