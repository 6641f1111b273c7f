// `arena export --boards`: the boards as citable data, in the layout of LMArena's leaderboard dataset
// (lmarena-ai/leaderboard-dataset): one subset per board and style (`vision`, `vision_style_control`, and the
// composite board's `composite`, `composite_style_control`), each with a `latest` split (the boards the public is
// served now) and a `full` one (every day's board: the newest snapshot of each UTC day, a published one first), as
// Parquet and CSV, with a dataset card whose YAML header lets the Hugging Face `datasets` library load it.
import fs from "node:fs";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { type Citation, citationComment, citationFor } from "../citation";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { csvCell } from "../text";

/** LMArena's columns, in its order, then ours (the board, style control, the display name, the snapshot's id). */
export const BOARD_COLUMNS = {
  model_name: "STRING",
  organization: "STRING",
  license: "STRING",
  rating: "DOUBLE",
  rating_lower: "DOUBLE",
  rating_upper: "DOUBLE",
  variance: "DOUBLE",
  vote_count: "INT32",
  rank: "INT32",
  category: "STRING",
  leaderboard_publish_date: "STRING",
  board: "STRING",
  style_control: "BOOLEAN",
  display_name: "STRING",
  snapshot_id: "STRING",
} as const;
type Column = keyof typeof BOARD_COLUMNS;
type BoardRow = Record<Column, string | number | boolean | null>;

export type BoardFormat = "parquet" | "csv";

export interface BoardsSummary {
  subsets: { name: string; latest: number; full: number }[];
  snapshots: number;
}

interface SnapshotModelRow {
  source: string;
  category: string;
  styleControl: boolean;
  at: Date;
  id: string;
  model: string;
  displayName: string | null;
  organization: string | null;
  license: string | null;
  rating: number | null;
  ciLower: number | null;
  ciUpper: number | null;
  votes: number | null;
  rank: number | null;
}

/** The snapshots picked (`latest`: the served one of each board; `full`: each board's newest of each day), as rows. */
async function snapshotRows(db: Db, split: "latest" | "full"): Promise<SnapshotModelRow[]> {
  const when = sql`COALESCE(s."publishedAt", s."createdAt")`;
  const picked =
    split === "latest"
      ? // as the site serves a board: its newest published snapshot, else its newest
        sql`SELECT DISTINCT ON (s.source, s.category, s."styleControl") s.id, ${when} AS at
              FROM "LeaderboardSnapshot" s WHERE s.source IN ('live', 'composite')
             ORDER BY s.source, s.category, s."styleControl", s.published DESC, s."publishedAt" DESC NULLS LAST, s."createdAt" DESC`
      : sql`SELECT DISTINCT ON (s.source, s.category, s."styleControl", date_trunc('day', ${when})) s.id, ${when} AS at
              FROM "LeaderboardSnapshot" s WHERE s.source IN ('live', 'composite')
             ORDER BY s.source, s.category, s."styleControl", date_trunc('day', ${when}), s.published DESC, s."createdAt" DESC`;
  // only each model's fields are read out of the stored board, never its matrices
  const { rows } = await db.pool.query<SnapshotModelRow>(
    sql`WITH picked AS (${picked})
        SELECT s.source, s.category, s."styleControl", picked.at, s.id,
               m->>'model' AS model, m->>'displayName' AS "displayName", m->>'organization' AS organization,
               m->>'license' AS license, (m->>'rating')::float8 AS rating, (m->>'ciLower')::float8 AS "ciLower",
               (m->>'ciUpper')::float8 AS "ciUpper", (m->>'votes')::int AS votes, (m->>'rank')::int AS rank
          FROM picked JOIN "LeaderboardSnapshot" s ON s.id = picked.id
          CROSS JOIN LATERAL jsonb_array_elements(s.payload->'models') m
         ORDER BY s.source, s."styleControl", picked.at, s.category, (m->>'rank')::int NULLS LAST, m->>'model'`,
  );
  return rows;
}

const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);

/** A stored model's entry as a row: its variance is read off its 95% interval, ((upper − lower) / (2·1.96))². */
function boardRow(r: SnapshotModelRow): BoardRow {
  const lower = finite(r.ciLower);
  const upper = finite(r.ciUpper);
  return {
    model_name: r.model,
    organization: r.organization,
    license: r.license,
    rating: finite(r.rating),
    rating_lower: lower,
    rating_upper: upper,
    variance: lower !== null && upper !== null ? ((upper - lower) / (2 * 1.959964)) ** 2 : null,
    vote_count: r.votes,
    rank: r.rank,
    category: r.category,
    leaderboard_publish_date: r.at.toISOString().slice(0, 10),
    board: r.source === "live" ? "vision" : r.source,
    style_control: r.styleControl,
    display_name: r.displayName,
    snapshot_id: r.id,
  };
}

/** A subset's name: LMArena's `vision` / `vision_style_control`, and the composite board's likewise. */
const subsetOf = (row: BoardRow) => `${row.board}${row.style_control ? "_style_control" : ""}`;

function parquetOf(rows: BoardRow[], citation: Citation): Uint8Array {
  const columnData = (Object.entries(BOARD_COLUMNS) as [Column, string][]).map(([name, type]) => ({
    name,
    type: type as "STRING",
    data: rows.map((row) => row[name]),
  }));
  // the citation travels in the file's key-value metadata too
  const kvMetadata = Object.entries(citation).map(([key, value]) => ({ key, value: String(value) }));
  return new Uint8Array(parquetWriteBuffer({ columnData, kvMetadata }));
}

function csvOf(rows: BoardRow[], citation: Citation): string {
  const columns = Object.keys(BOARD_COLUMNS) as Column[];
  const lines = [citationComment(citation), columns.join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(","));
  return `${lines.join("\n")}\n`;
}

/** The dataset card: what the data is, its licence and citation, and the subsets and splits for `datasets`. */
function datasetCard(subsets: BoardsSummary["subsets"], citation: Citation, formats: BoardFormat[]): string {
  const ext = formats.includes("parquet") ? "parquet" : "csv";
  const configs = subsets
    .map(
      (s) =>
        `  - config_name: ${s.name}\n    data_files:\n      - split: latest\n        path: ${s.name}/latest.${ext}\n      - split: full\n        path: ${s.name}/full.${ext}`,
    )
    .join("\n");
  return `---
configs:
${configs}
---

# Vision Arena leaderboards

Every published board of this arena as rows, in the layout of LMArena's leaderboard dataset: one subset per board
(\`vision\`: the human votes; \`composite\`: the votes with the benchmarks' ground truth) and style (\`_style_control\`),
each with a \`latest\` split (the boards served now) and a \`full\` one (the newest board of each day, a published one
first). Columns: \`model_name\`, \`organization\`, \`license\`, \`rating\` with its 95% interval (\`rating_lower\`,
\`rating_upper\`), \`variance\` (read off that interval: ((upper − lower) / 3.92)²), \`vote_count\`, \`rank\` (Rank (UB);
empty for a model not ranked), \`category\`, \`leaderboard_publish_date\`, then \`board\`, \`style_control\`,
\`display_name\` and \`snapshot_id\`. Each CSV file opens with \`#\` lines (licence, citation, as_of): read it with
\`comment="#"\`.

- licence: ${citation.licence}
- citation: ${citation.citation}
- as_of: ${citation.as_of}
`;
}

/** Writes `<outDir>/boards/<subset>/{latest,full}.{parquet,csv}` and the dataset card; returns what it wrote. */
export async function exportBoards(
  db: Db,
  options: { outDir: string; formats?: BoardFormat[]; now?: Date },
): Promise<BoardsSummary> {
  const formats = options.formats ?? ["parquet", "csv"];
  const root = path.join(options.outDir, "boards");
  const citation = await citationFor(db, options.now ?? new Date());
  const splits = {
    latest: (await snapshotRows(db, "latest")).map(boardRow),
    full: (await snapshotRows(db, "full")).map(boardRow),
  };
  const names = [...new Set(splits.full.map(subsetOf))].sort();
  const subsets: BoardsSummary["subsets"] = [];
  for (const name of names) {
    fs.mkdirSync(path.join(root, name), { recursive: true });
    const counts = { latest: 0, full: 0 };
    for (const split of ["latest", "full"] as const) {
      const rows = splits[split].filter((row) => subsetOf(row) === name);
      counts[split] = rows.length;
      if (formats.includes("parquet"))
        fs.writeFileSync(path.join(root, name, `${split}.parquet`), parquetOf(rows, citation));
      if (formats.includes("csv")) fs.writeFileSync(path.join(root, name, `${split}.csv`), csvOf(rows, citation));
    }
    subsets.push({ name, ...counts });
  }
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, "README.md"), datasetCard(subsets, citation, formats));
  return { subsets, snapshots: new Set(splits.full.map((r) => r.snapshot_id)).size };
}
