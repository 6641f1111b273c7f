import type { Metadata } from "next";
import { ModePage } from "@/components/arena/mode-page";
import { titleMetadata } from "@/lib/i18n/session";

export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.sideBySide");

export default function SideBySidePage() {
  return <ModePage mode="side_by_side" title="pages.sideBySide" />;
}
