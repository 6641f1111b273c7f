// What an export is asked for and what it reports: shared by the export, its datasheet and the CLI.
import type { TextSink } from "./output";

export interface ExportFilters {
  /** votes (battles) or conversations (chats) from this time on, inclusive */
  from?: Date;
  /** … and before this time */
  to?: Date;
  anonymousOnly?: boolean;
  /** battles carrying any of these labels */
  categories?: string[];
  /** battles whose two models are both in this list */
  models?: string[];
  /** battles whose two models both have at least this many battles in the export */
  minVotes?: number;
  /** include the cohorts' battles and chats (`?c=<name>`, lib/cohorts), each with its tag; left out by default */
  cohorts?: boolean;
}

export interface ExportOptions {
  outDir: string;
  filters?: ExportFilters;
  formats?: ("jsonl" | "parquet")[];
  /** salt of the judge hashes; random by default, so hashes differ between exports */
  salt?: string;
  redact?: boolean;
  images?: boolean;
  /** blur every face the local detector finds in the exported images */
  blurFaces?: boolean;
  chats?: boolean;
  licence?: string;
  /** JSON Lines files go here instead of the folder */
  jsonlSink?: TextSink;
  batchSize?: number;
  /**
   * how the battles are read: sorted queries over one `snapshot` (the default: a third of the database's work of
   * keyset batches, but each sort is one long statement, minutes at 10M battles) or `keyset` batches (short
   * statements, the first rows at once: the web's research archive, whose statements are bounded)
   */
  source?: "keyset" | "snapshot";
  onProgress?: (done: number, total: number) => void;
  /**
   * the datasheet's dataset statistics: `current` (the default) recomputes them when the stored ones are older than
   * ARENA_DATA_STATS_INTERVAL_S; `stored` takes the newest the jobs process stored, whatever their age, and never
   * computes (the web's statement limit is shorter than a computation at 1M battles, about a minute)
   */
  statistics?: "current" | "stored";
}

export interface ExportSummary {
  battles: number;
  chats: number;
  images: number;
  models: number;
  from: string | null;
  to: string | null;
  files: string[];
  /** with blurFaces: how many images had faces, and how many faces were blurred */
  blurred?: { images: number; faces: number };
  /** where the wall time went, in seconds (see ExportSplit) */
  split: ExportSplit;
}

/**
 * Wall seconds of an export's parts: `select` (the selection's size, its models and dedup tags), `read` (waiting for
 * the database's next batch of battles), `records` (building them), `write` (JSON Lines and Parquet), `images`
 * (copying them), `chats` (the direct chats, all parts), `statistics` (waiting for the datasheet's statistics, which
 * are computed while the battles are written) and `finish` (closing the files, the datasheet).
 */
export interface ExportSplit {
  select: number;
  read: number;
  records: number;
  write: number;
  images: number;
  chats: number;
  statistics: number;
  finish: number;
}
