// Recompute runs: every snapshot of one recompute shares a run id. Publishing a run freezes it as the public
// leaderboard (pages and the API serve it until another run is published); comparing two runs shows what moved.
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { domainError } from "../errors";
import { readSnapshotPayload } from "./snapshot-payload";

export class RunNotFoundError extends domainError("not_found", "unknown_run") {}

export interface RunInfo {
  runId: string;
  createdAt: Date;
  /** battles on the overall board */
  votes: number;
  snapshots: number;
  published: boolean;
  /** boards of the run that could not be computed, with the reason */
  failedBoards: { category: string; styleControl: boolean; error: string }[];
}

export async function listRuns(db: Db, limit = 20): Promise<RunInfo[]> {
  const { rows } = await db.pool.query<RunInfo>(
    sql`SELECT params->>'runId' AS "runId", min("createdAt") AS "createdAt",
            COALESCE(max("voteCount") FILTER (WHERE category = 'overall' AND NOT "styleControl"), 0) AS votes,
            count(*)::int AS snapshots, bool_or(published) AS published,
            COALESCE((array_agg(params->'failedBoards'))[1], '[]'::jsonb) AS "failedBoards"
       FROM "LeaderboardSnapshot" WHERE source = 'live' AND params ? 'runId'
      GROUP BY 1 ORDER BY 2 DESC LIMIT ${limit}`,
  );
  return rows;
}

async function resolveRun(db: Db, runId: string): Promise<string> {
  if (runId === "latest") {
    const latest = (await listRuns(db, 1))[0];
    if (!latest) throw new RunNotFoundError("there is no recompute run yet; run `arena snapshot` first");
    return latest.runId;
  }
  const { rows } = await db.pool.query(
    sql`SELECT 1 FROM "LeaderboardSnapshot" WHERE source = 'live' AND params->>'runId' = ${runId} LIMIT 1`,
  );
  if (rows.length === 0) throw new RunNotFoundError(`no recompute run '${runId}'`);
  return runId;
}

/** Makes `runId` ("latest" for the newest) the public leaderboard; the previous published run is withdrawn. */
export async function publishRun(db: Db, runId: string): Promise<string> {
  const id = await resolveRun(db, runId);
  await db.prisma.$transaction([
    db.prisma.$executeRaw`UPDATE "LeaderboardSnapshot" SET published = false, "publishedAt" = NULL
                           WHERE source = 'live' AND published AND params->>'runId' <> ${id}`,
    db.prisma.$executeRaw`UPDATE "LeaderboardSnapshot" SET published = true, "publishedAt" = now()
                           WHERE source = 'live' AND params->>'runId' = ${id}`,
  ]);
  return id;
}

/** Back to serving the newest computed snapshots. */
export async function unpublishAll(db: Db): Promise<number> {
  return db.prisma.$executeRaw`UPDATE "LeaderboardSnapshot" SET published = false, "publishedAt" = NULL
                                WHERE source = 'live' AND published`;
}

export interface RunComparison {
  category: string;
  styleControl: boolean;
  runs: [string, string];
  models: {
    model: string;
    displayName: string;
    rating: [number | null, number | null];
    rank: [number | null, number | null];
    votes: [number | null, number | null];
  }[];
}

/** One board of two runs side by side, models in the order of the second run. */
export async function compareRuns(
  db: Db,
  first: string,
  second: string,
  board: { category?: string; styleControl?: boolean } = {},
): Promise<RunComparison> {
  const category = board.category ?? "overall";
  const styleControl = board.styleControl ?? false;
  const runs = [await resolveRun(db, first), await resolveRun(db, second)] as [string, string];
  const payloads = await Promise.all(
    runs.map(async (run) => {
      const row = await db.prisma.leaderboardSnapshot.findFirst({
        where: { source: "live", category, styleControl, params: { path: ["runId"], equals: run } },
      });
      return row ? readSnapshotPayload(row.payload, row.id) : null;
    }),
  );
  if (!payloads[0] && !payloads[1]) throw new RunNotFoundError(`neither run has a '${category}' board`);
  const byModel = payloads.map((p) => new Map((p?.models ?? []).map((m) => [m.model, m])));
  const order = [...new Set([...(payloads[1]?.models ?? []), ...(payloads[0]?.models ?? [])].map((m) => m.model))];
  return {
    category,
    styleControl,
    runs,
    models: order.map((model) => {
      const [a, b] = byModel.map((m) => m.get(model));
      const pair = <K extends "rating" | "rank" | "votes">(key: K) =>
        [a?.[key] ?? null, b?.[key] ?? null] as [number | null, number | null];
      return {
        model,
        displayName: (b ?? a)?.displayName ?? model,
        rating: pair("rating"),
        rank: pair("rank"),
        votes: pair("votes"),
      };
    }),
  };
}
