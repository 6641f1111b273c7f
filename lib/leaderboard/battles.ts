// The live battles the leaderboard is computed from, read from the database into the rating engine's table.
// Left out, and counted: demo battles, named (non-anonymous) battles and those whose answers revealed a model,
// battles stopped by moderation, votes from banned visitors, and votes an integrity rule did not count.

import type pg from "pg";
import { dedupTagsFromCounts } from "../categories/dedup";
import { JUDGED_CATEGORIES, LEADERBOARD_TAGS, RULES_LABELLER } from "../categories/names";
import type { Db } from "../db/context";
import { type BattleTable, BattleTableBuilder, bytes, floats, Interner, ints } from "../ratings/battle-table";
import { CODE_WINNER, type StyleCounts, WINNER_CODE, type Winner } from "../ratings/types";

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

/** The index into EXCLUSIONS of vote `v` of conversation `c` by visitor `vis`; `$1`: whether demo battles count. */
const EXCLUSION_SQL = `CASE WHEN c."isDemo" AND NOT $1::boolean THEN 1
                            WHEN NOT v.anonymous THEN 2
                            WHEN c."moderationStatus"::text IN ('flagged', 'banned') THEN 3
                            WHEN vis."bannedAt" IS NOT NULL THEN 4
                            WHEN NOT v.counted THEN 5
                            ELSE 0 END`;

class VoteColumns implements Part {
  readonly sql =
    `SELECT ${EXCLUSION_SQL}, v.winner::text, v."modelAId", v."modelBId", extract(epoch FROM v."createdAt")::float8,
                         v."visitorId", v.turn, c."isPreset", c.language
                    FROM "Vote" v
                    JOIN "Conversation" c ON c.id = v."conversationId"
                    LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
                   ${VOTE_ORDER}`;
  readonly excluded = bytes();
  readonly winner = bytes();
  readonly a = ints();
  readonly b = ints();
  readonly tstamp = floats();
  readonly judge = ints();
  readonly turn = ints();
  readonly isPreset = bytes();
  readonly language = ints();
  readonly models = new Interner();
  readonly judges = new Interner();
  readonly languages = new Interner();
  constructor(readonly params: unknown[]) {}
  get count() {
    return this.excluded.length;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      this.excluded.push(r[0] as number);
      this.winner.push(WINNER_CODE[r[1] as Winner]);
      this.a.push(this.models.id(r[2] as string));
      this.b.push(this.models.id(r[3] as string));
      this.tstamp.push(r[4] as number);
      this.judge.push(r[5] === null ? -1 : this.judges.id(r[5] as string));
      this.turn.push(r[6] as number);
      this.isPreset.push(r[7] ? 1 : 0);
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
  readonly style = floats();
  /** 2 per vote, NaN when unknown */
  readonly entities = floats();
  get count() {
    return this.entities.length / 2;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      for (let k = 0; k < 8; k++) this.style.push((r[k] as number | null) ?? 0);
      const known = r[8] !== null && r[9] !== null;
      this.entities.push(known ? (r[8] as number) : Number.NaN);
      this.entities.push(known ? (r[9] as number) : Number.NaN);
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
  /** a vote's labels are ids[offsets[k] .. offsets[k + 1]) */
  readonly offsets = ints();
  readonly ids = ints();
  /** 0 while a battle has no label at all (its refusal label then is unknown) */
  readonly labelled = bytes();
  readonly names = new Interner();
  constructor(readonly params: unknown[]) {
    this.offsets.push(0);
  }
  get count() {
    return this.labelled.length;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      const labels = r[0] as string[] | null;
      this.labelled.push(labels === null ? 0 : 1);
      for (const label of labels ?? []) this.ids.push(this.names.id(label));
      this.offsets.push(this.ids.length);
    }
  }

  of(vote: number): string[] {
    const out: string[] = [];
    for (let k = this.offsets.at(vote); k < this.offsets.at(vote + 1); k++) {
      out.push(this.names.names[this.ids.at(k)] as string);
    }
    return out;
  }
}

/**
 * For de-duplication: how many counted votes share the vote's prompt key (as PROMPT_KEY_SQL: the visitor's prompts,
 * side a's copy, and their images' hashes; the conversation's own id when it has none), and the key and the
 * conversation's id only when that count is above 1 (a prompt asked once is never over-asked): a million keys and
 * ids read, kept and counted in JavaScript cost 6 of the 17 s the load took at 1M votes.
 */
class PromptColumns implements Part {
  readonly sql = `WITH images AS (
          SELECT mi."messageId" AS id, string_agg(mi."imageSha256", ',' ORDER BY mi.position) AS list
            FROM "MessageImage" mi GROUP BY mi."messageId"),
        prompts AS (
          SELECT m."conversationId" AS id,
                 md5(string_agg(m.content || ':' || COALESCE(i.list, ''), E'\\x1f' ORDER BY m.turn)) AS key
            FROM "Message" m LEFT JOIN images i ON i.id = m.id
           WHERE m.side = 'a' AND m.role = 'user' AND NOT m.superseded
           GROUP BY m."conversationId"),
        keyed AS (
          -- as uuids, which sort by their bytes (text keys sort by the collation's rules, several times slower)
          SELECT v."createdAt", v.id, v."conversationId", COALESCE(p.key, md5('#' || v."conversationId"))::uuid AS key,
                 ${EXCLUSION_SQL} = 0 AS counts
            FROM "Vote" v
            JOIN "Conversation" c ON c.id = v."conversationId"
            LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
            LEFT JOIN prompts p ON p.id = v."conversationId"),
        counted AS (
          SELECT *, count(*) FILTER (WHERE counts) OVER (PARTITION BY key) AS n FROM keyed)
        SELECT n::int, CASE WHEN n > 1 THEN key::text END, CASE WHEN n > 1 THEN "conversationId" END
          FROM counted v
         ${VOTE_ORDER}`;
  readonly n = ints();
  /** the key and the conversation's id of each vote whose count is above 1, by the vote's position */
  readonly shared = new Map<number, { key: string; id: string }>();
  constructor(readonly params: unknown[]) {}
  get count() {
    return this.n.length;
  }
  take(rows: unknown[][]) {
    for (const r of rows) {
      if (r[1] !== null) this.shared.set(this.n.length, { key: r[1] as string, id: r[2] as string });
      this.n.push(r[0] as number);
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
  const prompts = new PromptColumns([Boolean(options.includeDemo)]);
  await readParts(db, [votes, style, labels, prompts], options.batchSize ?? 50_000, () =>
    options.onProgress?.(Math.min(votes.count, style.count, labels.count, prompts.count)),
  );

  const excluded: Exclusions = { demo: 0, notAnonymous: 0, moderation: 0, bannedVisitor: 0, notCounted: 0 };
  const builder = new BattleTableBuilder();
  /** each counted vote's position among all votes */
  const counted: number[] = [];
  for (let k = 0; k < votes.count; k++) {
    const reason = EXCLUSIONS[votes.excluded.at(k)];
    if (reason) {
      excluded[reason]++;
      continue;
    }
    counted.push(k);
    const categories = labels.of(k);
    const language = votes.language.at(k);
    const judge = votes.judge.at(k);
    const entityA = style.entities.at(2 * k);
    builder.add({
      modelA: votes.models.names[votes.a.at(k)] as string,
      modelB: votes.models.names[votes.b.at(k)] as string,
      winner: CODE_WINNER[votes.winner.at(k)] as Winner,
      anony: true,
      language: language === -1 ? undefined : votes.languages.names[language],
      turn: votes.turn.at(k),
      tstamp: votes.tstamp.at(k),
      judge: judge === -1 ? undefined : votes.judges.names[judge],
      isPreset: votes.isPreset.at(k) === 1,
      // unknown until tagged, so untagged battles stay in the no_refusal board
      isRefusal: labels.labelled.at(k) === 0 ? undefined : categories.includes("refusal"),
      categories: categories.filter((c) => LEADERBOARD_TAGS.has(c)),
      style: Array.from({ length: 8 }, (_, f) => style.style.at(8 * k + f)) as unknown as StyleCounts,
      entities: Number.isNaN(entityA) ? undefined : [entityA, style.entities.at(2 * k + 1)],
    });
  }
  const table = builder.build();
  // de-duplication over the battles that count, keyed by the visitor's prompts and images
  const shared = (i: number) => prompts.shared.get(counted[i] as number) as { key: string; id: string };
  const { sampled } = dedupTagsFromCounts(
    counted.map((k) => prompts.n.at(k)),
    (i) => shared(i).key,
    (i) => shared(i).id,
  );
  table.dedupKeep.set(sampled);
  return { table, votes: votes.count, excluded };
}
