import type { Db } from "../../lib/db";

/** The boards a recompute run stored, by `category/styleControl`, without the run's id (to compare two runs). */
export async function runPayloads(db: Db, runId: string | null): Promise<Record<string, unknown>> {
  const rows = await db.prisma.leaderboardSnapshot.findMany({
    where: { params: { path: ["runId"], equals: runId as string } },
  });
  return Object.fromEntries(
    rows.map((row) => {
      const { runId: _runId, ...payload } = row.payload as Record<string, unknown>;
      return [`${row.category}/${row.styleControl}`, payload];
    }),
  );
}
