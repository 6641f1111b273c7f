// The SQL that reads the votes into a VoteStore, in three parts of one row per vote, for every vote or a filtered few.

import { JUDGED_CATEGORIES, RULES_LABELLER } from "../categories/names";
import { empty, raw, type Sql, sql } from "../db/sql";
import { type Column, NO_COUNT } from "../ratings/battle-table";
import { WINNER_CODE, type Winner } from "../ratings/types";
import { wordsOfHex } from "./uuid-index";
import type { LabelSet, VoteStore } from "./vote-store";

/**
 * The votes in order, each with its conversation, in three parts: the vote itself with its prompt key, the style
 * counts of its answers, and its labels. Each part is one set-based pass (a join or a hash aggregate joined to the
 * votes) rather than correlated lookups per vote (~50 µs a vote: 72 s at 1M votes). The parts run at once on their
 * own connections over one exported snapshot, and each is read into the store's columns as soon as its rows come, so
 * parsing one overlaps the database's work on the others. Every part has exactly one row per vote, in the same
 * order: row k of each belongs to vote k. A part reads every vote, or those a filter names (the newest, or some
 * conversations').
 */
const VOTE_ORDER = sql`ORDER BY v."createdAt", v.id`;

/** Which votes a read covers: all of them (null), or those this condition on vote `v` selects. */
export type VoteFilter = Sql;

/** Narrows an aggregate to the filtered votes' conversations (`column` a conversation's id); nothing without a
 *  filter. */
type Scope = (column: string) => Sql;

/** Writes a part's SQL for a filter: `where` for the votes, `scope` for its aggregates. */
type PartSql = (where: Sql, scope: Scope) => Sql;

export interface Part {
  sql: PartSql;
  /** the next rows of this part, in vote order, appended to the store */
  take(rows: unknown[][], store: VoteStore): void;
}

/** Whether vote `v` of conversation `c` by visitor `vis` counts on the live board (none of the exclusions below). */
export const countedOnBoard = (includeDemo: boolean, includeCohorts = false) =>
  sql`(${exclusion(includeDemo, includeCohorts)}) = 0`;

/** The index into EXCLUSIONS of vote `v` of conversation `c` by visitor `vis`. */
const exclusion = (includeDemo: boolean, includeCohorts: boolean) => sql`CASE
                            WHEN c."isDemo" AND NOT ${includeDemo}::boolean THEN 1
                            WHEN NOT v.anonymous THEN 2
                            WHEN c."moderationStatus"::text IN ('flagged', 'banned') THEN 3
                            WHEN vis."bannedAt" IS NOT NULL THEN 4
                            WHEN NOT v.counted THEN 5
                            WHEN c.cohort IS NOT NULL AND NOT ${includeCohorts}::boolean THEN 6
                            ELSE 0 END`;

/**
 * What makes two battles "the same prompt" for de-duplication, for conversation `c` joined by PROMPT_KEY_JOIN: its
 * stored prompt key (the visitor's prompts, side a's copy, and their images' hashes; kept by triggers in
 * ConversationPrompt, migration 20261128100000_conversation_prompt_key), or a digest of its own id when it has none.
 * The same key computed over every message at each read was ~7.6 s of PostgreSQL CPU at 1M votes. Its words are
 * counted in memory (UuidIndex), so a read of the newest votes can update the counts of every older vote sharing
 * their keys.
 */
export const PROMPT_KEY = sql`COALESCE(pk.key, md5('#' || c.id)::uuid)`;
export const PROMPT_KEY_JOIN = sql`LEFT JOIN "ConversationPrompt" pk ON pk."conversationId" = c.id`;

export const voteColumns = (includeDemo: boolean, includeCohorts: boolean): Part => ({
  sql: (where) => sql`SELECT ${exclusion(includeDemo, includeCohorts)}, v.winner::text, v."modelAId", v."modelBId",
                          extract(epoch FROM v."createdAt")::float8, v."visitorId", v.turn, c."isPreset", c.language,
                          v."conversationId", ${PROMPT_KEY}
                     FROM "Vote" v
                     JOIN "Conversation" c ON c.id = v."conversationId"
                     LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
                     ${PROMPT_KEY_JOIN}
                    ${where} ${VOTE_ORDER}`,
  take(rows, store) {
    for (const r of rows) {
      store.excluded.push(r[0] as number);
      store.winner.push(WINNER_CODE[r[1] as Winner]);
      store.a.push(store.models.id(r[2] as string));
      store.b.push(store.models.id(r[3] as string));
      store.tstamp.push(r[4] as number);
      store.judge.push(r[5] === null ? -1 : store.judges.id(r[5] as string));
      store.turn.push(r[6] as number);
      store.isPreset.push(r[7] ? 1 : 0);
      const language = r[8] as string | null;
      store.language.push(language && language !== "unknown" ? store.languages.id(language) : -1);
      pushWords(store.conversation, r[9] as string);
      pushWords(store.promptKey, r[10] as string);
    }
  },
});

/** Summed style counts of A's and B's answers (zeros when none is recorded), and named entities once every answer
 *  has been counted: kept per conversation by triggers (ConversationStyle), so this part is one join per vote; the
 *  aggregate over every answer it replaced was 5.4 of the load's 12.4 s of PostgreSQL CPU at 1M votes. */
export const styleColumns = (): Part => ({
  sql: (where) => sql`SELECT s."tokensA"::float8, s."headersA"::float8, s."listsA"::float8, s."boldA"::float8,
                          s."tokensB"::float8, s."headersB"::float8, s."listsB"::float8, s."boldB"::float8,
                          CASE WHEN s.answers > 0 AND s."unknownEntities" = 0 THEN s."entitiesA"::float8 END,
                          CASE WHEN s.answers > 0 AND s."unknownEntities" = 0 THEN s."entitiesB"::float8 END
          FROM "Vote" v LEFT JOIN "ConversationStyle" s ON s."conversationId" = v."conversationId"
         ${where} ${VOTE_ORDER}`,
  take(rows, store) {
    for (const r of rows) {
      for (let k = 0; k < 8; k++) store.style.push((r[k] as number | null) ?? 0);
      const known = r[8] !== null && r[9] !== null;
      store.entities.push(known ? (r[8] as number) : NO_COUNT);
      store.entities.push(known ? (r[9] as number) : NO_COUNT);
    }
  },
});

/** The labels that count: the judge's for the judged categories, the rules' for the others; kept as a bit mask over
 *  the labels the board uses (LabelSet). */
export const labelColumns = (judgedBy: string, labelSet: LabelSet): Part => ({
  sql: (where, scope) => sql`WITH labels AS (
          SELECT bc."conversationId" AS id, array_agg(DISTINCT bc.category) AS categories
            FROM "BattleCategory" bc
           WHERE bc.value
             AND bc.labeller = CASE WHEN bc.category = ANY(${[...JUDGED_CATEGORIES]}::text[]) THEN ${judgedBy}
                                    ELSE ${RULES_LABELLER.name} END
             ${scope('bc."conversationId"')}
           GROUP BY bc."conversationId")
        SELECT l.categories FROM "Vote" v LEFT JOIN labels l ON l.id = v."conversationId"
         ${where} ${VOTE_ORDER}`,
  take(rows, store) {
    for (const r of rows) {
      const labels = r[0] as string[] | null;
      // 0 while a battle has no label at all (its refusal label then is unknown)
      store.labelled.push(labels === null ? 0 : 1);
      store.labels.push(labelSet.maskOf(labels ?? []));
    }
  },
});

/** Appends the four words of a uuid or md5 hex string. */
function pushWords(column: Column<Int32Array>, hex: string) {
  const at = column.length;
  for (let w = 0; w < 4; w++) column.push(0);
  wordsOfHex(hex, column, at);
}

/** The part's query for a filter (every vote without one). */
export function partQuery(part: Part, filter: VoteFilter | null): Sql {
  if (!filter) return part.sql(empty, () => empty);
  const conversations = sql`SELECT v."conversationId" FROM "Vote" v WHERE ${filter}`;
  // the columns are ours (the parts' own SQL), written as SQL
  const scope: Scope = (column) => sql`AND ${raw(column)} IN (${conversations})`;
  return part.sql(sql`WHERE ${filter}`, scope);
}
