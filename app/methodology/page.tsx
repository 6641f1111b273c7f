import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/data-table";
import { methodLabel } from "@/components/leaderboard/method-label";
import { LocalTime } from "@/components/local-time";
import { Page } from "@/components/page-heading";
import { rich } from "@/components/rich-text";
import { getDb } from "@/lib/db";
import type { Translate } from "@/lib/i18n/client";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";
import { type MethodChange, methodChanges } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.methodology");

const shown = (value: unknown) => (value === undefined || value === null ? "–" : JSON.stringify(value));
const rankText = (r: number | null, t: Translate) => (r === null ? t("methodology.unranked") : `#${r}`);

function Moves({ change, t }: { change: MethodChange; t: Translate }) {
  if (!change.moves) return <>–</>;
  const { rank, score } = change.moves;
  return (
    <>
      {rank ? `${rank.model}: ${rankText(rank.from, t)} → ${rankText(rank.to, t)}` : t("methodology.noRankMoved")}
      <br />
      {score ? `${score.model}: ${Math.round(score.from)} → ${Math.round(score.to)}` : t("methodology.noScoreMoved")}
    </>
  );
}

// The methodology changelog of the public board (overall, style control): every change of how it is computed,
// dated, with the fields that changed and the largest rank and score moves it caused. Linked from /about.
export default async function MethodologyPage() {
  const [changes, { t }] = await Promise.all([methodChanges(getDb()).then((c) => c.reverse()), serverTranslator()]);
  return (
    <Page
      title={t("methodology.title")}
      intro={rich(t("methodology.intro"), {
        link: (w) => (
          <Link href="/about#method" className="underline">
            {w}
          </Link>
        ),
      })}
    >
      {changes.length === 0 ? (
        <p className="text-sm muted">{t("methodology.none")}</p>
      ) : (
        <DataTable
          label={t("methodology.title")}
          rows={changes}
          rowKey={(c) => c.at.toISOString()}
          columns={[
            {
              header: t("methodology.when"),
              className: "whitespace-nowrap",
              cell: (c) => <LocalTime iso={c.at.toISOString()} />,
            },
            {
              header: t("methodology.method"),
              cell: (c) => (
                <>
                  {c.after
                    ? methodLabel(c.after as { ci: string; reweighted: boolean }, t)
                    : t("methodology.notRecorded")}
                  {typeof c.after?.minVotes === "number"
                    ? t("methodology.rankedFrom", { count: c.after.minVotes })
                    : ""}
                </>
              ),
            },
            {
              header: t("methodology.changed"),
              cell: (c) =>
                c.before === null && c.changed.length === 0
                  ? t("methodology.first")
                  : c.changed.map((field) => (
                      <div key={field}>
                        {field}: {shown(c.before?.[field])} → {shown(c.after?.[field])}
                      </div>
                    )),
            },
            { header: t("methodology.moves"), cell: (c) => <Moves change={c} t={t} /> },
          ]}
        />
      )}
    </Page>
  );
}
