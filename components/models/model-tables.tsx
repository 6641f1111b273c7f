// A model's page, its two tables: how it fared against each opponent (won, and what the board predicts), and its
// rank in each category, with and without style control.
import Link from "next/link";
import { CardTable } from "@/components/data-table";
import { localCategoryLabel } from "@/lib/categories";
import type { Translate } from "@/lib/i18n/client";
import type { ModelProfile } from "@/lib/leaderboard";
import { modelColumn } from "./model-link";
import { percent } from "./model-standing";

export function ModelTables({ profile, t }: { profile: ModelProfile; t: Translate }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {profile.opponents.length > 0 && (
        <CardTable
          title={t("modelPage.opponents")}
          rows={profile.opponents}
          rowKey={(o) => o.model}
          columns={[
            modelColumn(t("modelPage.opponent")),
            { header: t("modelPage.battles"), numeric: true, cell: (o) => o.battles },
            { header: t("modelPage.won"), numeric: true, cell: (o) => percent(o.winFraction) },
            { header: t("modelPage.predicted"), numeric: true, cell: (o) => percent(o.predicted) },
          ]}
        />
      )}
      {profile.categories.length > 0 && (
        <CardTable
          title={t("modelPage.categories")}
          rows={profile.categories}
          rowKey={(c) => c.category}
          columns={[
            {
              header: t("board.category"),
              cell: (c) => (
                <Link
                  href={`/leaderboard?category=${encodeURIComponent(c.category)}&style=0`}
                  className="hover:underline"
                >
                  {localCategoryLabel(c.category, t)}
                </Link>
              ),
            },
            { header: t("board.rank"), numeric: true, cell: (c) => c.rank ?? "–" },
            { header: t("modelPage.withStyle"), numeric: true, cell: (c) => c.styleRank ?? "–" },
            { header: t("board.votesHead"), numeric: true, cell: (c) => c.votes },
          ]}
        />
      )}
    </div>
  );
}
