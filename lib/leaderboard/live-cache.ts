// The live battles kept between recomputes by the jobs process, so a recompute reads only what changed.

import type pg from "pg";
import { RULES_LABELLER } from "../categories/names";
import type { Db } from "../db/context";
import { sql } from "../db/sql";
import type { BattleTable } from "../ratings/battle-table";
import { inSnapshot, type LoadOptions, partsOf, readAll, readParts, type Snapshot } from "./battles";
import { VOTE_CHANGING_ACTIONS } from "./vote-changing-actions";
import { type LabelSet, type LiveBattles, VoteStore } from "./vote-store";

/** How late a vote or label may commit after its own timestamp and still be read: the reads of a cached store
 *  start this long before the last one. */
const COMMIT_SLACK_MS = 60_000;
/** A full read at least this often, so nothing an incremental read could miss (an unaudited change) lasts. */
const FULL_READ_EVERY_MS = 6 * 3600_000;
/** Above this share of changed battles a full read is cheaper than re-reading them one by one. */
const MAX_CHANGED_SHARE = 0.25;

const timestampMinus = (at: string, ms: number) => new Date(Date.parse(`${at}Z`) - ms).toISOString().slice(0, 23);

/** The audited decisions of the last `COMMIT_SLACK_MS` before the snapshot (an audit entry is written after its
 *  decision commits, so one the snapshot sees, the read saw the effects of). */
async function rereadAudits(snapshot: Snapshot, since = timestampMinus(snapshot.at, COMMIT_SLACK_MS)) {
  const { rows } = await (snapshot.clients[0] as pg.PoolClient).query<{ id: string; action: string }>(
    sql`SELECT id, action FROM "AuditEntry" WHERE "createdAt" >= ${since}::timestamp AND action = ANY(${VOTE_CHANGING_ACTIONS}::text[])`,
  );
  return rows;
}

export interface LoadReport {
  mode: "full" | "incremental";
  /** why a full read was made */
  reason?: string;
  /** votes read: all of them on a full read; the newest and the changed ones on an incremental one */
  votesRead: number;
  /** older battles read again because their labels, answers or moderation changed */
  changed: number;
}

interface CachedStore {
  key: string;
  store: VoteStore;
  labelSet: LabelSet;
  readAt: string;
  fullAt: number;
  /** the audited decisions the last read already saw */
  audits: Set<string>;
  /** the table last built from the store */
  live?: LiveBattles;
}

/**
 * The live battles kept between recomputes (by the jobs process): after the first full read, a recompute reads the
 * votes of the last minute again (a vote commits within that), the older battles whose labels, named entities or
 * moderation changed since, and nothing else; a ban, an unban or a moderation decision, changed settings or six
 * hours bring a full read. The table built from it is the one a full read builds (tests/integration compare them).
 */
export class LiveBattleCache {
  private cached: CachedStore | null = null;

  async load(db: Db, options: LoadOptions = {}): Promise<LiveBattles & { report: LoadReport }> {
    const key = JSON.stringify([
      Boolean(options.includeDemo),
      Boolean(options.includeCohorts),
      options.judgedBy ?? RULES_LABELLER.name,
    ]);
    const cached = this.cached;
    let reason: string | undefined;
    if (!cached) reason = "first read";
    else if (cached.key !== key) reason = "settings changed";
    else if (Date.now() - cached.fullAt > FULL_READ_EVERY_MS) reason = "periodic full read";
    if (cached && !reason) {
      try {
        const outcome = await this.readChanges(db, cached, options);
        if ("report" in outcome) {
          // nothing new: the same table (the same object, so what was derived from it can be kept too)
          if (!outcome.unchanged || !cached.live) {
            // the old table let go first, so the two are never held at once (1.2 GB each at 10M votes)
            cached.live = undefined;
            cached.live = cached.store.liveBattles(cached.labelSet);
          }
          return { ...cached.live, report: outcome.report };
        }
        reason = outcome.reason;
      } catch (error) {
        // a read that failed half-way leaves the store half-updated: the next one starts afresh
        this.cached = null;
        throw error;
      }
    }
    this.cached = null;
    const { store, labelSet, readAt, audits } = await inSnapshot(db, 4, async (snapshot) => ({
      ...(await readAll(snapshot, options)),
      readAt: snapshot.at,
      audits: new Set((await rereadAudits(snapshot)).map((a) => a.id)),
    }));
    const live = store.liveBattles(labelSet);
    this.cached = { key, store, labelSet, readAt, audits, fullAt: Date.now(), live };
    return { ...live, report: { mode: "full", reason, votesRead: store.count, changed: 0 } };
  }

  private readChanges(
    db: Db,
    cached: CachedStore,
    options: LoadOptions,
  ): Promise<{ report: LoadReport; unchanged: boolean } | { reason: string }> {
    const { store, labelSet } = cached;
    const batchSize = options.batchSize ?? 50_000;
    return inSnapshot(db, 4, async (snapshot) => {
      const client = snapshot.clients[0] as pg.PoolClient;
      const since = timestampMinus(cached.readAt, COMMIT_SLACK_MS);
      const audits = await rereadAudits(snapshot, since);
      const unseen = audits.find((a) => !cached.audits.has(a.id));
      if (unseen) return { reason: `${unseen.action} since the last read` };
      // older battles whose labels (and, written just before them, named entities) or moderation changed
      const changed = (
        await client.query<{ id: string }>(
          sql`SELECT x.id FROM (SELECT "conversationId" AS id FROM "BattleCategory" WHERE "createdAt" >= ${since}::timestamp
                             UNION SELECT id FROM "Conversation" WHERE "updatedAt" >= ${since}::timestamp) x
             JOIN "Vote" v ON v."conversationId" = x.id
            WHERE v."createdAt" < ${since}::timestamp`,
        )
      ).rows.map((r) => r.id);
      if (changed.length > MAX_CHANGED_SHARE * store.count) return { reason: `${changed.length} battles changed` };
      // votes are in time order: those from `since` on are cut and read again
      const sinceMs = Date.parse(`${since}Z`);
      const tstamps = store.tstamp.view();
      let cut = store.count;
      while (cut > 0 && Math.round((tstamps[cut - 1] as number) * 1000) >= sinceMs) cut--;
      const parts = partsOf(options, labelSet);
      /** whether a battle read again is not what the store held */
      let differs = false;
      if (changed.length) {
        const reread = new VoteStore();
        await readParts(
          snapshot,
          reread,
          parts,
          sql`v."conversationId" = ANY(${changed}::uuid[])`,
          batchSize,
          () => {},
        );
        const byConversation = store.votesByConversation();
        const words = reread.conversation.view();
        const positions = Array.from({ length: reread.count }, (_, k) => byConversation.get(words, 4 * k));
        if (positions.some((p) => p === undefined || p >= cut))
          return { reason: "a changed battle is not in the store" };
        for (const [k, p] of positions.entries()) if (store.overwrite(p as number, reread, k)) differs = true;
      }
      const before = store.tail(cut);
      store.truncate(cut);
      await readParts(snapshot, store, parts, sql`v."createdAt" >= ${since}::timestamp`, batchSize, () =>
        options.onProgress?.(store.count),
      );
      cached.readAt = snapshot.at;
      cached.audits = new Set(audits.map((a) => a.id));
      return {
        report: { mode: "incremental", votesRead: store.count - cut + changed.length, changed: changed.length },
        unchanged: !differs && store.sameTail(cut, before),
      };
    });
  }
}

/** What a recompute derives from a table before fitting: kept while the cache hands out the same table (nothing new). */
interface Derived {
  shared?: BattleTable;
  selected?: Map<string, Uint32Array>;
  rowDigests?: Uint32Array;
  boardDigests: Map<string, string>;
}
const derivedByTable = new WeakMap<BattleTable, Derived>();

export function derivedFrom(table: BattleTable): Derived {
  let derived = derivedByTable.get(table);
  if (!derived) {
    derived = { boardDigests: new Map() };
    derivedByTable.set(table, derived);
  }
  return derived;
}
