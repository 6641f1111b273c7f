import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { LocalTime } from "@/components/local-time";
import { visitorHistory } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { VISITOR_COOKIE, visitorIdFromCookie } from "@/lib/http";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your battles and chats" };

const MODE_LABEL = { battle: "Battle", side_by_side: "Side by side", direct: "Direct chat" } as const;
const VOTE_LABEL = {
  model_a: "you preferred A",
  model_b: "you preferred B",
  tie: "you called a tie",
  "tie (bothbad)": "both were bad",
} as const;

// This browser's own conversations, by its visitor cookie: no account, nothing another visitor can see.
export default async function HistoryPage() {
  const visitorId = visitorIdFromCookie((await cookies()).get(VISITOR_COOKIE)?.value);
  const items = visitorId ? await visitorHistory(getDb(), visitorId) : [];
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Your battles and chats</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Newest first, kept with this browser (no account needed): open one to read it again or carry on.
        </p>
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-zinc-200 bg-white p-6 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          Nothing here yet.{" "}
          <Link href="/" className="underline">
            Start a battle
          </Link>
          : it will be listed here.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="history">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                href={item.href}
                className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white p-3 hover:border-brand-500 dark:border-zinc-800 dark:bg-zinc-900"
              >
                {item.image ? (
                  // biome-ignore lint/performance/noImgElement: a small thumbnail from our image endpoint
                  <img
                    src={`/api/images/${item.image}`}
                    alt=""
                    loading="lazy"
                    className="size-14 shrink-0 rounded-md object-cover"
                  />
                ) : (
                  <span className="size-14 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800" aria-hidden />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{item.prompt || "(no question)"}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                    {MODE_LABEL[item.mode]} · <LocalTime iso={item.createdAt.toISOString()} />
                    {item.turns > 1 ? ` · ${item.turns} turns` : ""}
                    {item.vote ? ` · ${VOTE_LABEL[item.vote]}` : item.mode === "battle" ? " · not voted yet" : ""}
                    {item.models ? ` · ${item.models.join(" vs ")}` : ""}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
