// The live battles the leaderboard is computed from, read from the database into the rating engine's table.
// Left out, and counted: demo battles, named (non-anonymous) battles and those whose answers revealed a model,
// battles stopped by moderation, votes from banned visitors, and votes an integrity rule did not count.

import type pg from "pg";
import { dedupTags } from "../categories/dedup";
import { JUDGED_CATEGORIES, LEADERBOARD_TAGS, RULES_LABELLER } from "../categories/names";
import type { Db } from "../db/context";
import { type BattleTable, BattleTableBuilder } from "../ratings/battle-table";
import type { StyleCounts, Winner } from "../ratings/types";

export interface Exclusions {
  demo: number;
  notAnonymous: number;
  moderation: number;
  bannedVisitor: number;
  notCounted: number;
}

export interface LiveBattles {
  table: BattleTable;
  /** votes seen, before exclusions */
  votes: number;
  excluded: Exclusions;
}

/**
 * What makes two battles "the same prompt" for de-duplication: the visitor's prompts (side a's copy) and the
 * hashes of their images, per conversation `c`.
 */
export const PROMPT_KEY_SQL = `(SELECT md5(string_agg(m.content || ':' || COALESCE((SELECT string_agg(mi."imageSha256", ',' ORDER BY mi.position)
                                                              FROM "MessageImage" mi WHERE mi."messageId" = m.id), ''),
                                   E'\\x1f' ORDER BY m.turn))
               FROM "Message" m
              WHERE m."conversationId" = c.id AND m.side = 'a' AND m.role = 'user' AND NOT m.superseded)`;

/**
 * The votes in order, each with its conversation, in four parts: the vote itself, the style counts of its answers,
 * its labels and its prompt key. Each part is one set-based pass (a hash aggregate joined to the votes) rather than
 * four correlated lookups per vote (~50 µs a vote: 72 s at 1M votes). The four run at once on their own connections
 * over one exported snapshot, and each is read into columns as soon as its rows come, so parsing one overlaps the
 * database's work on the others. Every part has exactly one row per vote, in the same order: row k of each belongs
 * to vote k.
 */
const VOTE_ORDER = `ORDER BY v."createdAt", v.id`;

interface Part {
  sql: string;
  params: unknown[];
  /** the next rows of this part, in vote order */
  take(rows: unknown[][]): void;
  /** rows taken so far */
  readonly count: number;
}

/** Why a vote does not count, in the order the reasons are checked; 0 when it counts. */
const EXCLUSIONS = ["", "demo", "notAnonymous", "moderation", "bannedVisitor", "notCounted"] as const;

class Interned {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}

class VoteColumns implements Part {
  readonly sql = `SELECT CASE WHEN c."isDemo" AND NOT $1::boolean THEN 1
                              WHEN NOT v.anonymous THEN 2
                              WHEN c."moderationStatus"::text IN ('flagged', 'banned') THEN 3
                              WHEN vis."bannedAt" IS NOT NULL THEN 4
                              WHEN NOT v.counted THEN 5
                              ELSE 0 END,
                         v.winner::text, v."modelAId", v."modelBId", extract(epoch FROM v."createdAt")::float8,
                         v."visitorId", v.turn, c."isPreset", c.language
                    FROM "Vote" v
                    JOIN "Conversation" c ON c.id = v."conversationId"
                    LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
                   ${VOTE_ORDER}`;
  readonly excluded: number[] = [];
  readonly winner: Winner[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly tstamp: number[] = [];
  readonly judge: number[] = [];
  readonly turn: number[] = [];
  readonly isPreset: boolean[] = [];
  readonly language: number[] = [];
  readonly models = new Interned();
  readonly judges = new Interned();
  readonly languages = new Interned();
  constructor(readonly params: unknown[]) {}
  get count() {
    return this.excluded.length;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      this.excluded.push(r[0] as number);
      this.winner.push(r[1] as Winner);
      this.a.push(this.models.id(r[2] as string));
      this.b.push(this.models.id(r[3] as string));
      this.tstamp.push(r[4] as number);
      this.judge.push(r[5] === null ? -1 : this.judges.id(r[5] as string));
      this.turn.push(r[6] as number);
      this.isPreset.push(r[7] as boolean);
      const language = r[8] as string | null;
      this.language.push(language && language !== "unknown" ? this.languages.id(language) : -1);
    }
  }
}

/** Summed style counts of A's and B's answers (zeros when none is recorded), and named entities once every answer
 *  has been counted. */
class StyleColumns implements Part {
  readonly sql = `WITH style AS (
          SELECT m."conversationId" AS id,
                 COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'a'), 0)::float8 AS ta,
                 COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'a'), 0)::float8 AS ha,
                 COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'a'), 0)::float8 AS la,
                 COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'a'), 0)::float8 AS ba,
                 COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'b'), 0)::float8 AS tb,
                 COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'b'), 0)::float8 AS hb,
                 COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'b'), 0)::float8 AS lb,
                 COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'b'), 0)::float8 AS bb,
                 CASE WHEN bool_and(r."entityCount" IS NOT NULL)
                      THEN COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'a'), 0)::float8 END AS ea,
                 CASE WHEN bool_and(r."entityCount" IS NOT NULL)
                      THEN COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'b'), 0)::float8 END AS eb
            FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
           WHERE m.role = 'assistant' AND NOT m.superseded
           GROUP BY m."conversationId")
        SELECT s.ta, s.ha, s.la, s.ba, s.tb, s.hb, s.lb, s.bb, s.ea, s.eb
          FROM "Vote" v LEFT JOIN style s ON s.id = v."conversationId"
         ${VOTE_ORDER}`;
  readonly params: unknown[] = [];
  /** 8 counts per vote */
  readonly style: number[] = [];
  /** 2 per vote, NaN when unknown */
  readonly entities: number[] = [];
  get count() {
    return this.entities.length / 2;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      for (let k = 0; k < 8; k++) this.style.push((r[k] as number | null) ?? 0);
      const known = r[8] !== null && r[9] !== null;
      this.entities.push(known ? (r[8] as number) : Number.NaN, known ? (r[9] as number) : Number.NaN);
    }
  }
}

/** The labels that count: the judge's (`$2`) for the judged categories (`$1`), the rules' for the others. */
class LabelColumns implements Part {
  readonly sql = `WITH labels AS (
          SELECT bc."conversationId" AS id, array_agg(DISTINCT bc.category) AS categories
            FROM "BattleCategory" bc
           WHERE bc.value
             AND bc.labeller = CASE WHEN bc.category = ANY($1::text[]) THEN $2 ELSE '${RULES_LABELLER.name}' END
           GROUP BY bc."conversationId")
        SELECT l.categories FROM "Vote" v LEFT JOIN labels l ON l.id = v."conversationId"
         ${VOTE_ORDER}`;
  /** null while a battle has no label at all */
  readonly labels: (string[] | null)[] = [];
  constructor(readonly params: unknown[]) {}
  get count() {
    return this.labels.length;
  }
  take(rows: unknown[][]) {
    for (const r of rows) this.labels.push(r[0] as string[] | null);
  }
}

/** As PROMPT_KEY_SQL: the visitor's prompts (side a's copy) and their images' hashes; the conversation's own id
 *  when it has none. */
class PromptColumns implements Part {
  readonly sql = `WITH images AS (
          SELECT mi."messageId" AS id, string_agg(mi."imageSha256", ',' ORDER BY mi.position) AS list
            FROM "MessageImage" mi GROUP BY mi."messageId"),
        prompts AS (
          SELECT m."conversationId" AS id,
                 md5(string_agg(m.content || ':' || COALESCE(i.list, ''), E'\\x1f' ORDER BY m.turn)) AS key
            FROM "Message" m LEFT JOIN images i ON i.id = m.id
           WHERE m.side = 'a' AND m.role = 'user' AND NOT m.superseded
           GROUP BY m."conversationId")
        SELECT v."conversationId", COALESCE(p.key, '#' || v."conversationId") FROM "Vote" v
          LEFT JOIN prompts p ON p.id = v."conversationId"
         ${VOTE_ORDER}`;
  readonly params: unknown[] = [];
  readonly ids: string[] = [];
  readonly keys: string[] = [];
  get count() {
    return this.ids.length;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      this.ids.push(r[0] as string);
      this.keys.push(r[1] as string);
    }
  }
}

/** Memory for one connection's sorts and hash aggregates while loading (the aggregates of 1M votes spill to disk
 *  with PostgreSQL's default 4 MB, which doubled the load). */
const LOAD_WORK_MEM = "256MB";

/**
 * Reads every part through its own cursor, as fast as each comes, `batchSize` rows at a time, on up to one
 * connection per part (fewer when the pool is smaller) sharing one snapshot.
 */
async function readParts(db: Db, parts: Part[], batchSize: number, onBatch: () => void): Promise<void> {
  const lanes = Math.max(1, Math.min(parts.length, db.pool.options.max ?? 1));
  const clients: pg.PoolClient[] = [];
  try {
    for (let lane = 0; lane < lanes; lane++) clients.push(await db.pool.connect());
    const [first, ...others] = clients as [pg.PoolClient, ...pg.PoolClient[]];
    await first.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await first.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]?.id;
    for (const client of others) {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      await client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
    }
    for (const client of clients) {
      // planned for reading every row (hash joins), not for a fast first row
      await client.query(`SET LOCAL cursor_tuple_fraction = 1; SET LOCAL work_mem = '${LOAD_WORK_MEM}'`);
    }
    await Promise.all(
      parts.map(async (part, k) => {
        const client = clients[k % lanes] as pg.PoolClient;
        await client.query(`DECLARE live_part_${k} NO SCROLL CURSOR FOR ${part.sql}`, part.params);
        for (;;) {
          const { rows } = await client.query<unknown[]>({
            text: `FETCH ${batchSize} FROM live_part_${k}`,
            rowMode: "array",
          });
          part.take(rows);
          onBatch();
          if (rows.length < batchSize) break;
        }
      }),
    );
    if (parts.some((part) => part.count !== parts[0]?.count)) {
      throw new Error("the parts of the live battles differ in length");
    }
    for (const client of clients) await client.query("COMMIT");
  } catch (error) {
    for (const client of clients) await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    for (const client of clients) client.release();
  }
}

/**
 * `judgedBy`: whose labels count for the judged categories (the vision categories and refusal): the judge's
 * labeller name, or `rules` (the heuristic fallbacks) when no judge is set. The other tags always come from rules.
 */
export async function loadLiveBattles(
  db: Db,
  options: { includeDemo?: boolean; judgedBy?: string; batchSize?: number; onProgress?: (votes: number) => void } = {},
): Promise<LiveBattles> {
  const votes = new VoteColumns([Boolean(options.includeDemo)]);
  const style = new StyleColumns();
  const labels = new LabelColumns([[...JUDGED_CATEGORIES], options.judgedBy ?? RULES_LABELLER.name]);
  const prompts = new PromptColumns();
  await readParts(db, [votes, style, labels, prompts], options.batchSize ?? 50_000, () =>
    options.onProgress?.(Math.min(votes.count, style.count, labels.count, prompts.count)),
  );

  const excluded: Exclusions = { demo: 0, notAnonymous: 0, moderation: 0, bannedVisitor: 0, notCounted: 0 };
  const builder = new BattleTableBuilder();
  const promptKeys: { id: string; promptKey: string }[] = [];
  for (let k = 0; k < votes.count; k++) {
    const reason = EXCLUSIONS[votes.excluded[k] as number];
    if (reason) {
      excluded[reason]++;
      continue;
    }
    const tags = labels.labels[k] ?? null;
    const categories = tags ?? [];
    promptKeys.push({ id: prompts.ids[k] as string, promptKey: prompts.keys[k] as string });
    const language = votes.language[k] as number;
    const judge = votes.judge[k] as number;
    const entityA = style.entities[2 * k] as number;
    builder.add({
      modelA: votes.models.names[votes.a[k] as number] as string,
      modelB: votes.models.names[votes.b[k] as number] as string,
      winner: votes.winner[k] as Winner,
      anony: true,
      language: language === -1 ? undefined : votes.languages.names[language],
      turn: votes.turn[k] as number,
      tstamp: votes.tstamp[k] as number,
      judge: judge === -1 ? undefined : votes.judges.names[judge],
      isPreset: votes.isPreset[k] as boolean,
      // unknown until tagged, so untagged battles stay in the no_refusal board
      isRefusal: tags === null ? undefined : categories.includes("refusal"),
      categories: categories.filter((c) => LEADERBOARD_TAGS.has(c)),
      style: style.style.slice(8 * k, 8 * k + 8) as unknown as StyleCounts,
      entities: Number.isNaN(entityA) ? undefined : [entityA, style.entities[2 * k + 1] as number],
    });
  }
  const table = builder.build();
  // de-duplication over the battles that count, keyed by the visitor's prompts and images
  const tags = dedupTags(promptKeys);
  tags.forEach((tag, i) => {
    table.dedupKeep[i] = tag.sampled ? 1 : 0;
  });
  return { table, votes: votes.count, excluded };
}
