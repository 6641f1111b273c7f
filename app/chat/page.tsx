import type { Metadata } from "next";
import { Arena } from "@/components/arena/arena";

export const metadata: Metadata = { title: "Direct chat" };

export default function ChatPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Direct chat</h1>
      <Arena mode="direct" />
    </div>
  );
}
