import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Markdown } from "@/components/arena/markdown";
import { StoredImage } from "@/components/stored-image";
import { pageRequiresRole } from "@/lib/auth/session";
import { benchItem } from "@/lib/bench";
import { getDb } from "@/lib/db";

const TURN_BREAK = "\n\n---\n\n";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "VisionArena-Bench · prompt" };

export default async function BenchItemPage({ params }: { params: Promise<{ questionId: string }> }) {
  await pageRequiresRole("researcher");
  const { questionId } = await params;
  const item = await benchItem(getDb(), decodeURIComponent(questionId));
  if (!item) notFound();
  return (
    <div className="space-y-4">
      <Link href="/bench" className="text-sm underline">
        ← VisionArena-Bench
      </Link>
      <h1 className="text-xl font-semibold">Prompt {item.questionId}</h1>
      {item.topic ? <p className="text-xs muted">Topic: {item.topic}</p> : null}
      <div className="flex flex-wrap gap-2">
        {item.images.map((sha) => (
          <StoredImage key={sha} hash={sha} alt="The prompt's" lazy={false} className="max-h-64 rounded-md border" />
        ))}
      </div>
      <p className="whitespace-pre-wrap rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-800">
        {item.prompt.join("\n\n")}
      </p>
      <section className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <h2 className="font-semibold">Anchor: {item.anchor.model}</h2>
        <Markdown text={item.anchor.answer.join(TURN_BREAK)} />
      </section>
      {item.candidates.map((c) => (
        <section
          key={c.model}
          className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
          data-model={c.model}
        >
          <h2 className="font-semibold">{c.model}</h2>
          <Markdown text={c.answer.join(TURN_BREAK)} />
          {c.games.map((g) => (
            <details key={g.game} className="rounded-md bg-zinc-50 p-2 text-sm dark:bg-zinc-900">
              <summary>
                Game {g.game} ({g.game === 1 ? "anchor as A" : "candidate as A"}): {g.verdict ?? "invalid"}
              </summary>
              <p className="mt-1 whitespace-pre-wrap">{g.judgment}</p>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
