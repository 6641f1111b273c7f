// /data's body: Table 1 of the VisionArena paper with this arena's live rows beside the paper's, what is released
// and when, the figures, and the topics of the prompts. The page reads the statistics and hands them here.
import Link from "next/link";
import { TopicList } from "@/components/data/topic-list";
import { DemoNote } from "@/components/demo-note";
import { Chart } from "@/components/leaderboard/chart-panel";
import { LocalTime } from "@/components/local-time";
import { PageSection } from "@/components/page-heading";
import { rich } from "@/components/rich-text";
import { StaffDetails } from "@/components/staff-details";
import { Table } from "@/components/table";
import {
  type currentDatasetStatistics,
  datasetCharts,
  type latestDatasetTopics,
  PAPER_TABLE_1,
  type PaperRow,
  publicationDelayDays,
} from "@/lib/dataset-stats";
import { demoBoardShown } from "@/lib/export";
import type { Locale, Translate } from "@/lib/i18n/client";

const DATASET_KEYS: Record<string, string> = { battle: "data.battlesRow", chat: "data.chatsRow" };

const COLUMNS = [
  "dataset",
  "conversations",
  "models",
  "users",
  "languages",
  "uniqueImages",
  "avgTurns",
  "avgPromptTokens",
  "avgAnswerTokens",
  "humanPreference",
] as const;

export function DataPageView({
  stored: { statistics, createdAt },
  topics,
  demoBattles,
  t,
  locale,
}: {
  stored: Awaited<ReturnType<typeof currentDatasetStatistics>>;
  topics: Awaited<ReturnType<typeof latestDatasetTopics>>;
  demoBattles: number;
  t: Translate;
  locale: Locale;
}) {
  const whole = (v: number | null) => (v === null ? "–" : Math.round(v).toLocaleString(locale));
  const one = (v: number | null) =>
    v === null ? "–" : v.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const delayDays = publicationDelayDays();
  const link = (href: string) => (words: string) => <Link href={href}>{words}</Link>;
  const live: (PaperRow & { live: boolean })[] = statistics.datasets.map((d) => ({
    ...d,
    name: DATASET_KEYS[d.name] ? t(DATASET_KEYS[d.name] as string) : d.name,
    live: true,
  }));
  const rows = [...live, ...PAPER_TABLE_1.map((r) => ({ ...r, live: false }))];
  const charts = datasetCharts(statistics, t);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("data.title")}</h1>
        <p className="text-sm muted">
          {t("data.intro")} {delayDays > 0 ? `${t("data.delay", { count: delayDays })} ` : ""}
          {rich(t("data.computed", { when: "<when></when>" }), {
            when: () => <LocalTime iso={createdAt.toISOString()} />,
            research: link("/research"),
            failures: link("/failures"),
          })}
        </p>
        <DemoNote battles={demoBattles} onBoard={demoBoardShown()} />
      </div>
      <PageSection
        id="for-researchers-title"
        sectionId="for-researchers"
        gap="space-y-1"
        title={t("data.researchersTitle")}
      >
        <p className="text-sm muted">
          {rich(t("data.researchers"), { research: link("/research"), board: link("/leaderboard") })}
        </p>
      </PageSection>
      <PageSection id="table-1" gap="space-y-2" title={t("data.tableTitle")}>
        {/* ten columns: their headers wrap, so the whole table fits a laptop screen (at 1366 px the last was cut) */}
        <Table
          aria-label={t("data.tableLabel")}
          className="min-w-[56rem] [&_th]:whitespace-normal"
          data-testid="dataset-table"
        >
          <thead>
            <tr>
              {COLUMNS.map((key) => (
                <th key={key} scope="col">
                  {t(`data.${key}`)}
                </th>
              ))}
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
                <td>{r.humanPreference ? t("data.yes") : t("data.no")}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p className="text-xs muted">{t("data.tableNote")}</p>
        <StaffDetails>
          <p>
            Tokenizer: cl100k_base (js-tiktoken). Prompt embedder for the topics:{" "}
            {topics?.topics.embedder ?? "none yet"}.
          </p>
        </StaffDetails>
      </PageSection>
      <PageSection id="topics" gap="space-y-3" title={t("data.topicsTitle")}>
        {topics ? (
          <>
            <p className="text-sm muted">
              {rich(t("data.topicsIntro", { when: "<when></when>" }), {
                when: () => <LocalTime iso={topics.createdAt.toISOString()} />,
              })}
            </p>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <TopicList slug="battles" title={t("data.battles")} kind={topics.topics.battles} t={t} locale={locale} />
              <TopicList slug="direct-chats" title={t("data.chats")} kind={topics.topics.chats} t={t} locale={locale} />
            </div>
          </>
        ) : (
          <p className="text-sm muted">{t("data.noTopics")}</p>
        )}
      </PageSection>
      <PageSection id="figures" gap="space-y-3" title={t("data.figuresTitle")}>
        {charts.length === 0 ? (
          <p className="text-sm muted">{t("data.noFigures")}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {charts.map((chart) => (
              <Chart key={chart.id} chart={chart} />
            ))}
          </div>
        )}
      </PageSection>
    </div>
  );
}
