import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requireResearcherRequest } from "@/lib/auth/researcher";
import { getDb } from "@/lib/db";
import { zipDirectory } from "@/lib/export/archive";
import { exportDataset } from "@/lib/export/export";
import { exportLicence } from "@/lib/export/licence";
import { exportRequestFrom } from "@/lib/export/query";
import { handle } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * The whole dataset as a .zip (what `arena export` writes: battles and chats as JSONL and Parquet, images,
 * datasheet). Written to a temporary folder first (streaming, flat memory), then streamed as a zip and deleted.
 */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    await requireResearcherRequest(db, request);
    const { filters, salt, redact } = exportRequestFrom(new URL(request.url).searchParams);
    const stamp = new Date().toISOString().slice(0, 10);
    const root = `vision-arena-${stamp}`;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "arena-archive-"));
    const cleanup = () => fs.rmSync(work, { recursive: true, force: true });
    try {
      await exportDataset(db, { outDir: work, filters, salt, redact, licence: await exportLicence(db) });
    } catch (error) {
      cleanup();
      throw error;
    }
    const chunks = zipDirectory(work, root);
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            cleanup();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          cleanup();
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
        cleanup();
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${root}.zip"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
