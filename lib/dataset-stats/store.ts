// Dataset statistics (and topics, topics.ts) are computed by the jobs process every ARENA_DATA_STATS_INTERVAL_S (and by the first page view
// that finds none or only a stale one) and kept as DatasetSnapshot rows; /data and the datasheets read the latest.
// One computation at a time across every instance (an advisory lock); the last few snapshots are kept.
import type { z } from "zod";
import { config } from "../config";
import { withTryLock } from "../db/advisory-lock";
import type { Db } from "../db/context";
import { domainError } from "../errors";
import { currentSnapshot } from "../leaderboard/serve";
import { publicationDelayDays } from "./released";
import { computeDatasetStatistics, type StatisticsOptions } from "./statistics";
import { type DatasetStatistics, datasetStatisticsSchema } from "./statistics-payload";
import { type DatasetTopics, datasetTopicsSchema } from "./topics-payload";

const KIND = "statistics";
export const TOPICS_KIND = "topics";
const KEEP = 5;

export class DatasetSnapshotError extends domainError("internal", "unreadable_snapshot") {}

export interface StoredStatistics {
  statistics: DatasetStatistics;
  createdAt: Date;
}

/** The latest snapshot of a kind, read through its schema. */
async function latestOf<T>(db: Db, kind: string, schema: z.ZodType<T>): Promise<{ value: T; createdAt: Date } | null> {
  const row = await db.prisma.datasetSnapshot.findFirst({ where: { kind }, orderBy: { createdAt: "desc" } });
  if (!row) return null;
  const parsed = schema.safeParse(row.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetSnapshotError(
      `dataset snapshot ${row.id}: ${issue?.path.join(".") || "payload"}: ${issue?.message ?? "invalid"}`,
    );
  }
  return { value: parsed.data, createdAt: row.createdAt };
}

/** Stores a snapshot and keeps the last few of its kind. */
export async function storeDatasetSnapshot(db: Db, kind: string, payload: object): Promise<Date> {
  const row = await db.prisma.datasetSnapshot.create({ data: { kind, payload } });
  const old = await db.prisma.datasetSnapshot.findMany({
    where: { kind },
    orderBy: { createdAt: "desc" },
    skip: KEEP,
    select: { id: true },
  });
  if (old.length) await db.prisma.datasetSnapshot.deleteMany({ where: { id: { in: old.map((o) => o.id) } } });
  return row.createdAt;
}

export async function latestDatasetStatistics(db: Db): Promise<StoredStatistics | null> {
  const latest = await latestOf(db, KIND, datasetStatisticsSchema);
  return latest && { statistics: latest.value, createdAt: latest.createdAt };
}

export async function latestDatasetTopics(db: Db): Promise<{ topics: DatasetTopics; createdAt: Date } | null> {
  const latest = await latestOf(db, TOPICS_KIND, datasetTopicsSchema).catch((error) => {
    if (error instanceof DatasetSnapshotError) return null;
    throw error;
  });
  return latest && { topics: latest.value, createdAt: latest.createdAt };
}

/** The overall board's ranks without and with style control, for Fig. 13's bold models. */
async function overallRanks(db: Db): Promise<StatisticsOptions["ranks"]> {
  const [plain, style] = await Promise.all([
    currentSnapshot(db, "overall", false),
    currentSnapshot(db, "overall", true),
  ]);
  if (!plain || !style) return undefined;
  const ranks = (s: typeof plain) =>
    new Map(s.payload.models.flatMap((m) => (m.rank === null ? [] : [[m.model, m.rank] as const])));
  return { plain: ranks(plain), style: ranks(style) };
}

/** Computes and stores new statistics; null when another process is computing them right now. */
export function refreshDatasetStatistics(
  db: Db,
  options: Omit<StatisticsOptions, "ranks"> = {},
): Promise<StoredStatistics | null> {
  return withTryLock(
    db,
    "dataset-statistics",
    async () => {
      const statistics = await computeDatasetStatistics(db, { ...options, ranks: await overallRanks(db) });
      return { statistics, createdAt: await storeDatasetSnapshot(db, KIND, statistics) };
    },
    () => null,
  );
}

/** The latest statistics when younger than the interval; else fresh ones (or the stale ones while another process
 *  computes). Never null once anything has been computed. */
export async function currentDatasetStatistics(
  db: Db,
  options: Omit<StatisticsOptions, "ranks"> = {},
): Promise<StoredStatistics> {
  const latest = await latestDatasetStatistics(db).catch((error) => {
    if (error instanceof DatasetSnapshotError) return null; // an unreadable old snapshot is replaced
    throw error;
  });
  const maxAgeMs = config().ARENA_DATA_STATS_INTERVAL_S * 1000;
  const sameDelay = latest?.statistics.delayDays === publicationDelayDays();
  if (latest && sameDelay && Date.now() - latest.createdAt.getTime() < maxAgeMs) return latest;
  const fresh = await refreshDatasetStatistics(db, options);
  if (fresh) return fresh;
  if (latest && sameDelay) return latest;
  const statistics = await computeDatasetStatistics(db, { ...options, ranks: await overallRanks(db) });
  return { statistics, createdAt: new Date() };
}
