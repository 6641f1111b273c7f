// The boards as citable data in one download (GET /api/leaderboard/dataset, the research page): what
// `arena export --boards` writes — the board history in LMArena's layout and the `.eval_results` files — zipped,
// with a README carrying the licence, the citation line and the as-of date. Public: it holds only published boards
// and benchmark scores, never a battle.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { citationFor } from "../citation";
import type { Db } from "../db/context";
import { zipDirectory } from "./archive";
import { exportBoards } from "./boards";
import { exportEvalResults } from "./eval-results";

export async function boardsArchive(
  db: Db,
  now = new Date(),
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "arena-boards-"));
  const remove = () => fs.rmSync(work, { recursive: true, force: true });
  try {
    const boards = await exportBoards(db, { outDir: work, now });
    const results = await exportEvalResults(db, { outDir: work });
    const citation = await citationFor(db, now);
    fs.writeFileSync(
      path.join(work, "README.md"),
      `# Vision Arena: boards as data\n\n- licence: ${citation.licence}\n- citation: ${citation.citation}\n- as_of: ${citation.as_of}\n\n` +
        `\`boards/\`: ${boards.snapshots} boards over time in the layout of LMArena's leaderboard dataset (its README is the dataset card).\n` +
        `\`eval_results/<model>/.eval_results/\`: ${results.length} ground-truth results as Hugging Face \`.eval_results\` files, ready for a model repository.\n`,
    );
  } catch (error) {
    remove();
    throw error;
  }
  const root = `vision-arena-boards-${now.toISOString().slice(0, 10)}`;
  // the folder goes once the zip has read it, or the download was abandoned
  const stream = zipDirectory(work, root).pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: remove }));
  return { stream, filename: `${root}.zip` };
}
