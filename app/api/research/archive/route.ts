import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requireResearcherRequest } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { exportDataset, exportLicence, exportRequestFrom, ZipStreamWriter } from "@/lib/export";
import { handle, searchParams } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * The whole dataset as a .zip (what `arena export` writes: battles and chats as JSONL and Parquet, images,
 * datasheet), streamed from the first battle on: the JSON Lines go straight into the archive; Parquet files and
 * images are written to a temporary folder meanwhile and follow, the datasheet last (it has the counts).
 */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    await requireResearcherRequest(db, request);
    const { filters, salt, redact, blurFaces } = exportRequestFrom(searchParams(request));
    const licence = await exportLicence(db);
    const root = `vision-arena-${new Date().toISOString().slice(0, 10)}`;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "arena-archive-"));
    const zip = new ZipStreamWriter(root);
    (async () => {
      await exportDataset(db, {
        outDir: work,
        filters,
        salt,
        redact,
        blurFaces,
        licence,
        jsonlSink: (name) => zip.entry(name),
        statistics: "stored",
        // the web's statements are bounded (ARENA_DB_STATEMENT_TIMEOUT_MS), and the download starts at once
        source: "keyset",
      });
      await zip.addDirectory(work, { last: ["README.md"] });
      zip.finish();
    })()
      .catch((error) => {
        // the headers are out: a broken download is all the client can be told
        console.error("research archive failed:", error instanceof Error ? error.message : error);
        zip.fail(error);
      })
      .finally(() => fs.rmSync(work, { recursive: true, force: true }));
    return new Response(zip.readable, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${root}.zip"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
