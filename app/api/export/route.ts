import crypto from "node:crypto";
import { requireResearcherRequest } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { battleBatches, battleJsonLines, exportRequestFrom } from "@/lib/export";
import { handle, searchParams } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * Battles in the clean-battle layout as JSON Lines, streamed, for researchers: an API token
 * (`Authorization: Bearer va_…`) or a signed-in session. Filters as `arena export`: from, to, anonymous_only,
 * categories, models, min_votes, salt, redact.
 */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    await requireResearcherRequest(db, request);
    const { filters, salt, redact } = exportRequestFrom(searchParams(request));
    // stops building records as soon as the client goes away (redaction can take a while)
    const stop = new AbortController();
    request.signal?.addEventListener("abort", () => stop.abort(), { once: true });
    const batches = battleBatches(db, {
      filters,
      salt: salt ?? crypto.randomBytes(16).toString("hex"),
      redact,
      signal: stop.signal,
    });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await batches.next();
        if (next.done) return controller.close();
        if (next.value.records.length) {
          controller.enqueue(encoder.encode(battleJsonLines(next.value.records)));
        }
      },
      async cancel() {
        stop.abort();
        await batches.return(undefined).catch(() => undefined);
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": 'attachment; filename="battles.jsonl"',
        "Cache-Control": "no-store",
      },
    });
  });
}
