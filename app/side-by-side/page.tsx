import type { Metadata } from "next";
import { Arena } from "@/components/arena/arena";

export const metadata: Metadata = { title: "Side by side" };

export default function SideBySidePage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Side by side</h1>
      <Arena mode="side_by_side" />
    </div>
  );
}
