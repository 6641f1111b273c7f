// The boards as citable data in one download (GET /api/leaderboard/dataset, the research page): what
// `arena export --boards` writes — the board history in LMArena's layout and the `.eval_results` files — zipped,
// with a README carrying the licence, the citation line and the as-of date. Public: it holds only published boards
// and benchmark scores, never a battle. Built at most once every ten minutes per process (and again when the licence or
// citation changes), so anyone may ask for it as often as they like: reading every day's boards is a query over one
// stored board per board and day, and a busy arena writes a new snapshot every minute, so keying it by the newest
// snapshot would rebuild it on nearly every download. Its README's as_of says when it was built.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadingCache } from "../async";
import { type Citation, citationFor } from "../citation";
import type { Db } from "../db/context";
import { chunksOf, zipDirectory } from "./archive";
import { exportBoards } from "./boards";
import { exportEvalResults } from "./eval-results";

export interface BoardsArchive {
  bytes: Uint8Array<ArrayBuffer>;
  filename: string;
}

const KEEP_MS = 10 * 60_000;
const built = loadingCache({ max: 2, ttlMs: () => KEEP_MS });

async function build(db: Db, citation: Citation, now: Date): Promise<BoardsArchive> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "arena-boards-"));
  try {
    const boards = await exportBoards(db, { outDir: work, now });
    const results = await exportEvalResults(db, { outDir: work });
    fs.writeFileSync(
      path.join(work, "README.md"),
      `# Vision Arena: boards as data\n\n- licence: ${citation.licence}\n- citation: ${citation.citation}\n- as_of: ${citation.as_of}\n\n` +
        `\`boards/\`: ${boards.snapshots} boards over time in the layout of LMArena's leaderboard dataset (its README is the dataset card).\n` +
        `\`eval_results/<model>/.eval_results/\`: ${results.length} ground-truth results as Hugging Face \`.eval_results\` files, ready for a model repository.\n`,
    );
    const root = `vision-arena-boards-${now.toISOString().slice(0, 10)}`;
    const chunks: Uint8Array[] = [];
    for await (const chunk of chunksOf(zipDirectory(work, root))) chunks.push(chunk);
    // copied once into a plain ArrayBuffer, which a Response takes as it is
    return { bytes: new Uint8Array(Buffer.concat(chunks)), filename: `${root}.zip` };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The archive built in the last ten minutes, else a new one (one build at a time; callers meanwhile share it). */
export async function boardsArchive(db: Db, now = new Date()): Promise<BoardsArchive> {
  const citation = await citationFor(db, now);
  return built.get(`${citation.licence}\u0000${citation.citation}`, () => build(db, citation, now));
}
