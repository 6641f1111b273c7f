import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Markdown } from "@/components/arena/markdown";
import { StoredImage } from "@/components/stored-image";
import { pageRequiresRole } from "@/lib/auth/session";
import { benchmarkRunItems } from "@/lib/benchmarks";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Benchmarks · run" };

export default async function BenchmarkRunPage({ params }: { params: Promise<{ runId: string }> }) {
  await pageRequiresRole("researcher");
  const { runId } = await params;
  const run = /^[0-9a-f-]{36}$/i.test(runId) ? await benchmarkRunItems(getDb(), runId) : null;
  if (!run) notFound();
  return (
    <div className="space-y-4">
      <Link href="/benchmarks" className="text-sm underline">
        ← Benchmarks
      </Link>
      <h1 className="text-xl font-semibold">
        {run.model} on {run.set}
      </h1>
      <ol className="space-y-3">
        {run.items.map((item) => (
          <li
            key={item.questionId}
            data-item={item.questionId}
            className="space-y-1 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
          >
            <p className="font-medium">
              {item.questionId} · {item.correct ? "correct" : "wrong"} · decided by {item.decidedBy}
            </p>
            <div className="flex flex-wrap gap-2">
              {item.images.map((sha) => (
                <StoredImage key={sha} hash={sha} alt="The item's" lazy={false} className="max-h-40 rounded border" />
              ))}
            </div>
            <details>
              <summary>Prompt and response</summary>
              <p className="whitespace-pre-wrap rounded bg-zinc-50 p-2 dark:bg-zinc-900">{item.prompt}</p>
              <div className="rounded bg-zinc-50 p-2 dark:bg-zinc-900">
                {item.response ? <Markdown text={item.response} /> : "(no answer)"}
              </div>
            </details>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
              <dt className="muted">Extraction</dt>
              <dd>{item.extraction ?? "—"}</dd>
              <dt className="muted">Prediction</dt>
              <dd>{item.prediction ?? "—"}</dd>
              <dt className="muted">Answer</dt>
              <dd>{item.truth ?? "—"}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </div>
  );
}
