import type { Metadata } from "next";
import { Markdown } from "@/components/arena/markdown";
import { PageHeading, PageSection } from "@/components/page-heading";
import { StoredImage } from "@/components/stored-image";
import { Table } from "@/components/table";
import { getDb } from "@/lib/db";
import { failureCases, failureGrid, TOP_RANKS } from "@/lib/failures";
import { serverTranslator, titleMetadata } from "@/lib/i18n/session";

export const dynamic = "force-dynamic";
export const generateMetadata = (): Promise<Metadata> => titleMetadata("titles.failures");

export default async function FailuresPage() {
  const [cases, { t }] = await Promise.all([failureCases(getDb(), { status: "accepted" }), serverTranslator()]);
  const grid = failureGrid(cases);
  return (
    <div className="space-y-6">
      <PageHeading title={t("failures.title")} intro={t("failures.intro", { top: TOP_RANKS })} />
      {cases.length === 0 ? (
        <p className="text-sm muted">{t("failures.none")}</p>
      ) : (
        <>
          <PageSection id="grid" gap="space-y-2" title={t("failures.gridTitle")}>
            <Table aria-label={t("failures.gridLabel")} data-testid="failure-grid">
              <thead>
                <tr>
                  <th scope="col">{t("failures.prompt")}</th>
                  {grid.models.map((m) => (
                    <th key={m} scope="col">
                      {m}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.rows.map((row, i) => (
                  <tr key={row.id}>
                    <th scope="row" className="min-w-[9rem] max-w-[14rem] whitespace-normal text-left font-normal">
                      <a href={`#case-${row.id}`} className="font-medium">
                        #{i + 1}
                      </a>{" "}
                      {row.prompt.slice(0, 60)}
                      {row.prompt.length > 60 ? "…" : ""}
                    </th>
                    {row.marks.map((mark, k) => (
                      <td key={grid.models[k]} className="text-center font-mono">
                        {mark === null ? <span className="sr-only">{t("failures.notTried")}</span> : mark}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
            <p className="text-xs muted">
              {t("failures.failedAll", { failed: grid.failedAll.length, count: grid.models.length })}
            </p>
          </PageSection>
          <PageSection id="cases" gap="space-y-3" title={t("failures.casesTitle")}>
            <ol className="space-y-4">
              {cases.map((c, i) => (
                <li
                  key={c.id}
                  id={`case-${c.id}`}
                  className="space-y-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <h3 className="text-sm font-medium">
                    #{i + 1}
                    {c.note ? ` · ${c.note}` : ""}
                  </h3>
                  <p className="whitespace-pre-wrap text-sm">{c.prompt}</p>
                  {c.images.map((sha) => (
                    <StoredImage
                      key={sha}
                      hash={sha}
                      alt={t("failures.imageAlt")}
                      lazy={false}
                      className="max-h-72 rounded"
                    />
                  ))}
                  <div className="grid gap-2 md:grid-cols-2">
                    {c.verdicts.map((v) => (
                      <div key={v.modelId} className="rounded border border-zinc-200 p-2 text-sm dark:border-zinc-800">
                        <p className="font-medium">
                          {v.modelId} <span className="font-mono">{v.solved ? "O" : "X"}</span>
                        </p>
                        {v.answer ? (
                          <div className="break-words text-xs">
                            <Markdown text={v.answer} />
                          </div>
                        ) : (
                          <p className="text-xs">{t("failures.noAnswer")}</p>
                        )}
                      </div>
                    ))}
                  </div>
                </li>
              ))}
            </ol>
          </PageSection>
        </>
      )}
    </div>
  );
}
