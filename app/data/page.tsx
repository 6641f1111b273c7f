import type { Metadata } from "next";
import Link from "next/link";
import { TopicList } from "@/components/data/topic-list";
import { DemoNote } from "@/components/demo-note";
import { Chart } from "@/components/leaderboard/chart-panel";
import { LocalTime } from "@/components/local-time";
import { StaffDetails } from "@/components/staff-details";
import { Table } from "@/components/table";
import { judgedByFromEnv } from "@/lib/categories";
import {
  currentDatasetStatistics,
  datasetCharts,
  latestDatasetTopics,
  PAPER_TABLE_1,
  type PaperRow,
  publicationDelayNote,
} from "@/lib/dataset-stats";
import { getDb } from "@/lib/db";
import { demoBattleCount, demoBoardShown } from "@/lib/export";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "The dataset" };

const DATASET_NAMES: Record<string, string> = { battle: "This arena: battles", chat: "This arena: direct chats" };
const whole = (v: number | null) => (v === null ? "–" : Math.round(v).toLocaleString("en-US"));
const one = (v: number | null) => (v === null ? "–" : v.toFixed(1));

export default async function DataPage() {
  const db = getDb();
  const [{ statistics, createdAt }, topics, demoBattles] = await Promise.all([
    currentDatasetStatistics(db, { judgedBy: judgedByFromEnv() }),
    latestDatasetTopics(db),
    demoBattleCount(db),
  ]);
  const live: (PaperRow & { live: boolean })[] = statistics.datasets.map((d) => ({
    ...d,
    name: DATASET_NAMES[d.name] ?? d.name,
    live: true,
  }));
  const rows = [...live, ...PAPER_TABLE_1.map((r) => ({ ...r, live: false }))];
  const charts = datasetCharts(statistics);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">The dataset</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          What the released data holds, figure by figure as the VisionArena paper reports its own: battles with votes
          and direct chats, counted as the exports count them (no demo models, nothing the content filter stopped, no
          banned visitors, only counted votes). {publicationDelayNote()} Computed{" "}
          <LocalTime iso={createdAt.toISOString()} />; researchers download it from the{" "}
          <Link href="/research">research page</Link>. See also <Link href="/failures">where strong models fail</Link>.
        </p>
        <DemoNote battles={demoBattles} onBoard={demoBoardShown()} />
      </div>
      <section aria-labelledby="for-researchers-title" id="for-researchers" className="space-y-1">
        <h2 id="for-researchers-title" className="text-lg font-semibold">
          For researchers
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The battles behind these figures (the public clean-battle layout, JSON Lines and Parquet, with a datasheet)
          are downloaded from the <Link href="/research">research page</Link> with a researcher's account, which this
          arena's administrators give out. The leaderboard itself is open to all: its{" "}
          <Link href="/leaderboard">page</Link> offers it as CSV and JSON.
        </p>
      </section>
      <section aria-labelledby="table-1" className="space-y-2">
        <h2 id="table-1" className="text-lg font-semibold">
          Compared with other datasets (Table 1)
        </h2>
        {/* ten columns: their headers wrap, so the whole table fits a laptop screen (at 1366 px the last was cut) */}
        <Table
          aria-label="Dataset comparison"
          className="min-w-[56rem] [&_th]:whitespace-normal"
          data-testid="dataset-table"
        >
          <thead>
            <tr>
              <th scope="col">Dataset</th>
              <th scope="col">Conversations</th>
              <th scope="col">Models</th>
              <th scope="col">Users</th>
              <th scope="col">Languages</th>
              <th scope="col">% unique images</th>
              <th scope="col">Avg. turns</th>
              <th scope="col">Avg. prompt tokens</th>
              <th scope="col">Avg. answer tokens</th>
              <th scope="col">Human preference</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} data-dataset={r.live ? r.name : undefined} className={r.live ? "font-medium" : ""}>
                <th scope="row" className="text-left">
                  {r.name}
                </th>
                <td>{whole(r.conversations)}</td>
                <td>{whole(r.models)}</td>
                <td>{whole(r.users)}</td>
                <td>{whole(r.languages)}</td>
                <td>{one(r.uniqueImagePercent)}</td>
                <td>{one(r.avgTurns)}</td>
                <td>{one(r.avgPromptTokens)}</td>
                <td>{one(r.avgResponseTokens)}</td>
                <td>{r.humanPreference ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          The last five rows are the paper's, as printed. Tokens are counted with GPT-4's tokenizer, as the paper counts
          them; % unique images is distinct first images over conversations with an image; users are distinct visitors.
        </p>
        <StaffDetails>
          <p>
            Tokenizer: cl100k_base (js-tiktoken). Prompt embedder for the topics:{" "}
            {topics?.topics.embedder ?? "none yet"}.
          </p>
        </StaffDetails>
      </section>
      <section aria-labelledby="topics" className="space-y-3">
        <h2 id="topics" className="text-lg font-semibold">
          Topics (Figs. 3 and 11)
        </h2>
        {topics ? (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              First prompts grouped by what they ask, as VisionArena-Bench groups them, each topic named by its most
              distinctive words; open one for example prompts. Computed{" "}
              <LocalTime iso={topics.createdAt.toISOString()} />.
            </p>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <TopicList title="Battles" kind={topics.topics.battles} />
              <TopicList title="Direct chats" kind={topics.topics.chats} />
            </div>
          </>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The background worker has not clustered the prompts yet.
          </p>
        )}
      </section>
      <section aria-labelledby="figures" className="space-y-3">
        <h2 id="figures" className="text-lg font-semibold">
          Figures
        </h2>
        {charts.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No battles or chats have been released yet.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {charts.map((chart) => (
              <Chart key={chart.id} chart={chart} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
