import { z } from "zod";
import { pendingRecompute, requestRecompute } from "@/lib/admin/leaderboard";
import { requireRole } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { handle, readJson } from "@/lib/http/route";
import { listRuns, publishRun, RunNotFoundError, unpublishAll } from "@/lib/leaderboard/runs";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    await requireRole("admin");
    const db = getDb();
    const [runs, pending] = await Promise.all([listRuns(db, 30), pendingRecompute(db)]);
    return Response.json({ runs, recomputeRequestedAt: pending });
  });
}

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("recompute") }),
  z.object({ action: z.literal("publish"), runId: z.string().min(1).max(100) }),
  z.object({ action: z.literal("unpublish") }),
]);

/** Ask for a recompute (the jobs process runs it), publish a run, or go back to serving the newest. */
export function POST(request: Request) {
  return handle(async () => {
    await requireRole("admin");
    const input = await readJson(request, body);
    const db = getDb();
    if (input.action === "recompute")
      return Response.json({ recomputeRequestedAt: await requestRecompute(db) }, { status: 202 });
    if (input.action === "unpublish") return Response.json({ unpublished: await unpublishAll(db) });
    try {
      return Response.json({ published: await publishRun(db, input.runId) });
    } catch (error) {
      if (error instanceof RunNotFoundError) throw new ApiError(404, "unknown_run", error.message);
      throw error;
    }
  });
}
