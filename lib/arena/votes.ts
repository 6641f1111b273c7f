// One vote per battle, written in one transaction; it reveals the models. Read under the battle's lock, decided
// without the database (./vote-decision), written. Hand-written SQL: this is the path that must take hundreds of
// votes a second (each of the two round trips is one simple-protocol message of several statements: lib/db/literals).
import crypto from "node:crypto";
import type pg from "pg";
import { config } from "../config";
import type { Db } from "../db/context";
import { isUuid, literals, statementResults, uuidLiteral } from "../db/literals";
import { inTransaction } from "../db/pool";
import { sql } from "../db/sql";
import { NotFound } from "../errors";
import { DEFAULT_BOARD, servedSnapshot } from "../leaderboard";
import { countVote } from "../metrics";
import { cachedSetting } from "../settings/settings";
import { registrySnapshot } from "./registry-cache";
import {
  type ConversationRow,
  decideVote,
  type RevealedModel,
  TO_DB,
  type VoteDecision,
  type VoteRequest,
  type VoteResult,
} from "./vote-decision";

export {
  type RevealedModel,
  type ShownVersions,
  type Thought,
  type VoteResult,
  WINNER_FROM_DB,
} from "./vote-decision";

/** the first key of the per-visitor vote lock (two-key advisory locks do not meet the one-key ones) */
const VOTER_LOCK_CLASS = 0x564f5445; // "VOTE"

/** Held until the end of the transaction: one visitor's votes are decided one at a time. */
export const lockVoterSql = (visitorId: string) =>
  `SELECT pg_advisory_xact_lock(${VOTER_LOCK_CLASS}, hashtext(${uuidLiteral(visitorId)}::text))`;

/**
 * Makes the version the visitor was shown the current answer of its side (the others superseded), so the vote
 * judges what was seen and everything read after it (the board's style features, exports, the share page) reads
 * that version. Only a finished version, only before any vote; nothing when the shown one is already current.
 */
function showVersionSql(id: string, side: "a" | "b", version: number): string {
  return `WITH versions AS (
     SELECT m.id, row_number() OVER (ORDER BY m."createdAt", m.id) AS k,
            (r."finishReason" IS NOT NULL AND r.error IS NULL) AS finished
       FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
      WHERE m."conversationId" = ${id} AND m.side = '${side}' AND m.role = 'assistant'
        AND m.turn = (SELECT "turnCount" FROM "Conversation" WHERE id = ${id})
   ), chosen AS (SELECT id FROM versions WHERE k = ${version} AND finished)
   UPDATE "Message" SET superseded = (id NOT IN (SELECT id FROM chosen))
    WHERE id IN (SELECT id FROM versions) AND EXISTS (SELECT 1 FROM chosen)
      AND NOT EXISTS (SELECT 1 FROM "Vote" WHERE "conversationId" = ${id});`;
}

/** The battle locked by a statement of its own (so the read after it sees a vote committed while we waited), the
 *  versions shown made current, then the battle with its vote and its answers: one round trip. */
async function readLocked(client: pg.PoolClient, id: string, versions: ["a" | "b", number][]) {
  const read = await client.query(
    `BEGIN;
     SELECT 1 FROM "Conversation" WHERE id = ${id} FOR UPDATE;
     ${versions.map(([side, version]) => showVersionSql(id, side, Math.min(version, 1000))).join("\n")}
     SELECT c."visitorId", c.mode, c."modelAId", c."modelBId", c."turnCount", c."isDemo", c."moderationStatus",
            c."chosenModelId",
            (SELECT json_object_agg(x.side, x.n) FROM (
               SELECT m.side, count(*)::int AS n FROM "Message" m
                WHERE m."conversationId" = c.id AND m.role = 'assistant' AND m.turn = c."turnCount"
                GROUP BY m.side) x) AS "versionCounts",
            v.winner::text AS "voteWinner", v.anonymous AS "voteAnonymous", v."exclusionReasons" AS "voteReasons",
            EXISTS (SELECT 1 FROM "Visitor" vis WHERE vis.id = c."visitorId" AND vis."bannedAt" IS NOT NULL) AS banned,
            (SELECT json_agg(json_build_object('side', m.side, 'turn', m.turn, 'content', m.content,
                      'finishReason', r."finishReason", 'error', r.error, 'createdAt', r."createdAt",
                      'heartbeatAt', r."heartbeatAt", 'reasoning', r.reasoning, 'thinkingMs', r."thinkingMs",
                      'firstTokenMs', r."latencyFirstTokenMs", 'totalMs', r."latencyTotalMs", 'tokens', r.tokens))
               FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
              WHERE m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded) AS answers
     FROM "Conversation" c LEFT JOIN "Vote" v ON v."conversationId" = c.id
     WHERE c.id = ${id}`,
  );
  return statementResults<ConversationRow>(read)[2 + versions.length]?.rows[0];
}

/**
 * The vote and the end of the battle, committed in the same message (durably: votes are never lost); the visitor's
 * own lock first, so two of their votes at the same instant count against the daily cap one by one. Returns whether
 * the vote counts (false past the daily cap).
 */
async function writeVote(
  client: pg.PoolClient,
  id: string,
  input: VoteRequest & { conversationId: string; ipHash: string | null },
  conversation: ConversationRow,
  decision: Extract<VoteDecision, { kind: "new" }>,
  dailyCap: number,
): Promise<boolean> {
  const sql = literals(client);
  const visitor = uuidLiteral(input.visitorId);
  const { anonymous, exclusionReasons, shownVersions, thoughtNames } = decision;
  const written = await client.query(
    `${lockVoterSql(input.visitorId)};
     WITH vote AS (
       INSERT INTO "Vote" (id, "conversationId", "visitorId", winner, "modelAId", "modelBId", anonymous,
                           "exclusionReasons", turn, "ipHash", "shownVersions", counted)
       SELECT ${uuidLiteral(crypto.randomUUID())}, ${id}, ${visitor},
              ${sql.text(TO_DB[input.winner])}::"Winner", ${sql.text(conversation.modelAId)},
              ${sql.text(conversation.modelBId)}, ${sql.bool(anonymous)}, ${sql.array(exclusionReasons, "text")},
              ${sql.int(conversation.turnCount)}, ${sql.text(input.ipHash)},
              ${shownVersions ? `${sql.text(JSON.stringify(shownVersions))}::jsonb` : "NULL"},
              -- the daily cap: kept, but not counted, beyond the visitor's quota of the day
              (SELECT count(*) FROM "Vote" WHERE "visitorId" = ${visitor} AND counted
                  AND "createdAt" >= date_trunc('day', LOCALTIMESTAMP)) < ${sql.int(dailyCap)}
       RETURNING counted
     )
     UPDATE "Conversation" SET "endedAt" = now(), "updatedAt" = now() WHERE id = ${id}
     RETURNING (SELECT counted FROM vote) AS counted;
     ${
       thoughtNames.length
         ? `INSERT INTO "AuditEntry" (id, actor, action, target, details) VALUES (${uuidLiteral(crypto.randomUUID())},
              'arena', 'vote.thought_names_model', ${sql.text(input.conversationId)},
              ${sql.text(JSON.stringify({ thoughts: thoughtNames }))}::jsonb);`
         : ""
     }
     COMMIT`,
  );
  // a multi-statement query answers with one result per statement: the daily cap's verdict is in the UPDATE's
  const results = (Array.isArray(written) ? written : [written]) as { rows?: { counted?: boolean }[] }[];
  return results.map((r) => r.rows?.[0]?.counted).find((c) => typeof c === "boolean") ?? true;
}

/** One vote: read under the battle's lock, decided (./vote-decision), written; the models revealed. */
export async function castVote(
  db: Db,
  input: VoteRequest & { conversationId: string; ipHash: string | null },
): Promise<VoteResult> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const [registry, dailyCap] = await Promise.all([
    registrySnapshot(db.pool),
    cachedSetting(db, "votes.dailyCountedCap"),
  ]);
  const id = uuidLiteral(input.conversationId);
  const versions = Object.entries(input.versions ?? {}).filter(
    (entry): entry is ["a" | "b", number] => Number.isInteger(entry[1]) && (entry[1] as number) >= 1,
  );
  return inTransaction(db.pool, async (client) => {
    const conversation = await readLocked(client, id, versions);
    const decision = decideVote(conversation, input, registry);
    if (decision.kind === "repeat") {
      await client.query(sql`ROLLBACK`); // nothing to write: release the lock
      return decision.result;
    }
    const counted = await writeVote(client, id, input, conversation as ConversationRow, decision, dailyCap);
    countVote(counted ? decision.exclusionReasons : [...decision.exclusionReasons, "daily_cap"], {
      demoBoard: config().ARENA_LEADERBOARD_INCLUDE_DEMO,
    });
    return {
      winner: input.winner,
      thoughts: decision.thoughts,
      stats: decision.stats,
      anonymous: decision.anonymous,
      exclusionReasons: decision.exclusionReasons,
      models: decision.models,
      created: true,
    };
  });
}

export interface RatedModel extends RevealedModel {
  /** the model's Arena Score on the default board, rounded, or null before it is on the board */
  rating: number | null;
  /** under the board's minimum of votes: the score is listed without rank or interval */
  preliminary: boolean;
  /** votes the board counted for it */
  votes: number;
}

/**
 * The reveal with each model's Arena Score as the default board shows it (overall, with style control: the board the
 * leaderboard page and the model page open on), read from the served snapshot (cached per process). The board is
 * named in the answer, so a client never shows a score of another board as this one.
 */
export async function withRatings(
  db: Db,
  result: VoteResult,
): Promise<Omit<VoteResult, "models"> & { models: { a: RatedModel; b: RatedModel }; board: typeof DEFAULT_BOARD }> {
  const board = await servedSnapshot(db, DEFAULT_BOARD.category, DEFAULT_BOARD.styleControl).catch(() => null);
  const rated = (model: RevealedModel): RatedModel => {
    const listed = board?.payload.models.find((m) => m.model === model.id);
    return {
      ...model,
      rating: listed ? Math.round(listed.rating) : null,
      preliminary: listed?.preliminary ?? false,
      votes: listed?.votes ?? 0,
    };
  };
  return { ...result, models: { a: rated(result.models.a), b: rated(result.models.b) }, board: DEFAULT_BOARD };
}
