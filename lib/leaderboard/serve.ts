// What pages and the API serve: stored snapshots only (no rating code, so the web bundle stays small).
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { sql } from "../db/sql";
import { readSnapshotPayload, type SnapshotPayload } from "./snapshot-payload";
import { cached } from "./ttl-cache";

export const SNAPSHOT_ROUNDS = 100;
/** The listing minimum before a board recorded its own (ARENA_MIN_VOTES' default, from the coverage table). */
export const LISTING_MIN_VOTES = 30;

export type { CategorySummary, SnapshotModel, SnapshotPayload } from "./snapshot-payload";

export interface ServedSnapshot {
  id: string;
  category: string;
  styleControl: boolean;
  createdAt: Date;
  voteCount: number;
  published: boolean;
  payload: SnapshotPayload;
  etag: string;
}

/** The boards a snapshot can belong to: the live one of each category, and the composite (./composite-run.ts). */
export type BoardSource = "live" | "composite";

/** The snapshot the public sees: the latest published one, else the latest computed. */
export async function currentSnapshot(
  db: Db,
  category: string,
  styleControl: boolean,
  source: BoardSource = "live",
): Promise<ServedSnapshot | null> {
  const where = { source, category, styleControl };
  const row =
    (await db.prisma.leaderboardSnapshot.findFirst({
      where: { ...where, published: true },
      orderBy: { publishedAt: "desc" },
    })) ?? (await db.prisma.leaderboardSnapshot.findFirst({ where, orderBy: { createdAt: "desc" } }));
  if (!row) return null;
  return served(row);
}

type SnapshotRow = NonNullable<Awaited<ReturnType<Db["prisma"]["leaderboardSnapshot"]["findFirst"]>>>;

function served(row: SnapshotRow): ServedSnapshot {
  const payload = readSnapshotPayload(row.payload, row.id);
  // a snapshot changes once after it is written: its fragility filled in (recompute.ts), so that is in the tag too
  const version = `${row.id}:${row.published}:${payload.fragilityPending ? "fragility pending" : ""}`;
  return {
    id: row.id,
    category: row.category,
    styleControl: row.styleControl,
    createdAt: row.createdAt,
    voteCount: row.voteCount,
    published: row.published,
    payload,
    etag: `"${crypto.createHash("sha256").update(version).digest("base64url").slice(0, 22)}"`,
  };
}

/** The categories with a current snapshot, with their vote counts. */
export async function snapshotCategories(db: Db): Promise<{ category: string; votes: number }[]> {
  const rows = await db.prisma.leaderboardSnapshot.findMany({
    where: { source: "live", styleControl: false },
    orderBy: { createdAt: "desc" },
    distinct: ["category"],
    select: { category: true, voteCount: true },
  });
  // overall first, then the largest categories
  return rows
    .map((r) => ({ category: r.category, votes: r.voteCount }))
    .sort((a, b) => Number(b.category === "overall") - Number(a.category === "overall") || b.votes - a.votes);
}

/** currentSnapshot through the per-instance cache (pages and the API). */
export const servedSnapshot = (db: Db, category: string, styleControl: boolean, source: BoardSource = "live") =>
  cached(`snapshot\u0000${source}\u0000${category}\u0000${styleControl}`, () =>
    refreshedSnapshot(db, category, styleControl, source),
  );

const loaded = new Map<string, ServedSnapshot | null>();

/**
 * Which snapshot is current is asked with a small query; the board itself (hundreds of kilobytes of JSON at 60
 * models, whose parsing would stall the event loop at every refresh) is loaded only when that answer changes.
 */
async function refreshedSnapshot(
  db: Db,
  category: string,
  styleControl: boolean,
  source: BoardSource,
): Promise<ServedSnapshot | null> {
  const key = `${source}\u0000${category}\u0000${styleControl}`;
  const { rows } = await db.pool.query<{ id: string; published: boolean }>(
    sql`(SELECT id, published FROM "LeaderboardSnapshot"
       WHERE source = ${source} AND category = ${category} AND "styleControl" = ${styleControl} AND published
       ORDER BY "publishedAt" DESC LIMIT 1)
     UNION ALL
     (SELECT id, published FROM "LeaderboardSnapshot"
       WHERE source = ${source} AND category = ${category} AND "styleControl" = ${styleControl}
       ORDER BY "createdAt" DESC LIMIT 1)
     LIMIT 1`,
  );
  const current = rows[0];
  const previous = loaded.get(key);
  if (previous !== undefined && previous?.id === current?.id && previous?.published === current?.published) {
    return previous;
  }
  const snapshot = current ? await currentSnapshot(db, category, styleControl, source) : null;
  if (loaded.size > 200) loaded.clear();
  loaded.set(key, snapshot);
  return snapshot;
}

const byId = new Map<string, ServedSnapshot>();

/**
 * One snapshot by its id (a snapshot never changes once written: the charts of a page ask for exactly the board the
 * page showed, whichever instance answers). Kept per instance, the most recent 50.
 */
export async function snapshotById(db: Db, id: string): Promise<ServedSnapshot | null> {
  const known = byId.get(id);
  if (known) return known;
  if (!isUuid(id)) return null;
  const row = await db.prisma.leaderboardSnapshot.findFirst({ where: { id, source: "live" } });
  if (!row) return null;
  const snapshot = served(row);
  if (byId.size >= 50) byId.delete(byId.keys().next().value as string);
  byId.set(id, snapshot);
  return snapshot;
}

/** snapshotCategories through the per-instance cache. */
export const servedCategories = (db: Db) => cached("categories", () => snapshotCategories(db));
