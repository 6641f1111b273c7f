import crypto from "node:crypto";
import { z } from "zod";
import { requireResearcherToken } from "@/lib/auth/api-tokens";
import { getDb } from "@/lib/db";
import { battleBatches } from "@/lib/export/export";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const list = z
  .string()
  .transform((v) => v.split(",").filter(Boolean))
  .optional();
const query = z.object({
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  anonymous_only: z.enum(["0", "1"]).optional(),
  categories: list,
  models: list,
  min_votes: z.coerce.number().int().min(1).optional(),
  salt: z.string().min(8).max(200).optional(),
  redact: z.enum(["0", "1"]).optional(),
});

/**
 * Battles in the clean-battle layout as JSON Lines, streamed, for researchers with an API token
 * (`Authorization: Bearer va_…`). Filters as `arena export`: from, to, anonymous_only, categories, models,
 * min_votes, salt, redact.
 */
export function GET(request: Request) {
  return handle(async () => {
    const db = getDb();
    await requireResearcherToken(db, request);
    const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(400, "invalid_request", `${issue?.path.join(".") ?? "query"}: ${issue?.message ?? "invalid"}`);
    }
    const q = parsed.data;
    const batches = battleBatches(db, {
      filters: {
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        anonymousOnly: q.anonymous_only === "1",
        categories: q.categories,
        models: q.models,
        minVotes: q.min_votes,
      },
      salt: q.salt ?? crypto.randomBytes(16).toString("hex"),
      redact: q.redact === "1",
    });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await batches.next();
        if (next.done) return controller.close();
        if (next.value.records.length) {
          controller.enqueue(encoder.encode(`${next.value.records.map((r) => JSON.stringify(r)).join("\n")}\n`));
        }
      },
      async cancel() {
        await batches.return(undefined);
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
