import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import { listRuns, pendingRecompute, publishRun, requestRecompute, unpublishAll } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";

export const GET = staffRoute("admin", async ({ db }) => {
  const [runs, pending] = await Promise.all([listRuns(db, 30), pendingRecompute(db)]);
  return Response.json({ runs, recomputeRequestedAt: pending });
});

const body = z.discriminatedUnion("action", [
  z.object({ action: z.literal("recompute") }),
  z.object({ action: z.literal("publish"), runId: z.string().min(1).max(100) }),
  z.object({ action: z.literal("unpublish") }),
]);

/** Ask for a recompute (the jobs process runs it), publish a run, or go back to serving the newest. */
export const POST = staffRoute("admin", body, async ({ db, input, audit }) => {
  const done = (target: string | null) => audit(`leaderboard.${input.action}`, target);
  if (input.action === "recompute") {
    const requestedAt = await requestRecompute();
    await done(null);
    return Response.json({ recomputeRequestedAt: requestedAt }, { status: 202 });
  }
  if (input.action === "unpublish") {
    const unpublished = await unpublishAll(db);
    await done(null);
    return Response.json({ unpublished });
  }
  const published = await publishRun(db, input.runId);
  await done(published);
  return Response.json({ published });
});
