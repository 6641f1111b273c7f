// One vote per battle, written in one transaction; it reveals the models. Hand-written SQL: this is the path
// that must take hundreds of votes a second.
import crypto from "node:crypto";
import type { Db } from "../db/context";
import { isUuid, literals, statementResults, uuidLiteral } from "../db/literals";
import { inTransaction } from "../db/pool";
import { Conflict, Forbidden, InvalidInput, NotFound } from "../errors";
import type { Winner as DbWinner } from "../generated/prisma/enums";
import { servedSnapshot } from "../leaderboard";
import { countVote } from "../metrics";
import type { Winner } from "../ratings/types";
import { cachedSetting } from "../settings/settings";
import { answerStatus } from "./history";
import { identityLeaks } from "./identity";
import { BANNED_MESSAGE } from "./rate-limit";
import { type RegistryModel, registrySnapshot } from "./registry-cache";

const TO_DB: Record<Winner, string> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  "tie (bothbad)": "tie (bothbad)",
};
export const WINNER_FROM_DB: Record<DbWinner, Winner> = {
  model_a: "model_a",
  model_b: "model_b",
  tie: "tie",
  tie_bothbad: "tie (bothbad)",
};

export interface RevealedModel {
  id: string;
  displayName: string;
  organization: string | null;
  license: string | null;
  isDemo: boolean;
}

/** A reasoning model's thinking for one turn's answer, shown once the models are revealed. */
export interface Thought {
  turn: number;
  text: string;
  ms: number;
}

export interface VoteResult {
  winner: Winner;
  /** each side's thinking, per turn, for reasoning models (empty otherwise) */
  thoughts: Record<"a" | "b", Thought[]>;
  anonymous: boolean;
  exclusionReasons: string[];
  models: { a: RevealedModel; b: RevealedModel };
  /** false when the same vote had already been recorded */
  created: boolean;
}

function reveal(id: string, model: RegistryModel | undefined): RevealedModel {
  return {
    id,
    displayName: model?.displayName ?? id,
    organization: model?.organization ?? null,
    license: model?.license ?? null,
    isDemo: model?.isDemo ?? false,
  };
}

interface ConversationRow {
  visitorId: string | null;
  banned: boolean;
  mode: "battle" | "side_by_side" | "direct";
  modelAId: string;
  modelBId: string | null;
  turnCount: number;
  isDemo: boolean;
  /** "Battle with this model": the model the visitor asked to meet */
  chosenModelId: string | null;
  /** how many versions each side's latest answer has (Regenerate keeps the earlier ones) */
  versionCounts: Partial<Record<"a" | "b", number>> | null;
  moderationStatus: string;
  voteWinner: string | null;
  voteAnonymous: boolean | null;
  voteReasons: string[] | null;
  answers:
    | {
        side: "a" | "b";
        turn: number;
        content: string;
        finishReason: string | null;
        error: string | null;
        createdAt: string | null;
        heartbeatAt: string | null;
        reasoning: string | null;
        thinkingMs: number | null;
      }[]
    | null;
}

/** Each side's thinking, turn by turn, revealed with the models. */
function thoughtsOf(answers: ConversationRow["answers"]): Record<"a" | "b", Thought[]> {
  const thoughts: Record<"a" | "b", Thought[]> = { a: [], b: [] };
  for (const answer of answers ?? []) {
    if (answer.reasoning && answer.thinkingMs !== null)
      thoughts[answer.side].push({ turn: answer.turn, text: answer.reasoning, ms: answer.thinkingMs });
  }
  for (const side of ["a", "b"] as const) thoughts[side].sort((x, y) => x.turn - y.turn);
  return thoughts;
}

/** the first key of the per-visitor vote lock (two-key advisory locks do not meet the one-key ones) */
const VOTER_LOCK_CLASS = 0x564f5445; // "VOTE"

/** Held until the end of the transaction: one visitor's votes are decided one at a time. */
export const lockVoterSql = (visitorId: string) =>
  `SELECT pg_advisory_xact_lock(${VOTER_LOCK_CLASS}, hashtext(${uuidLiteral(visitorId)}::text))`;

/** Which version of each side's latest answer the visitor was shown (1 = the first written), after Regenerate. */
export type ShownVersions = Partial<Record<"a" | "b", number>>;

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

export async function castVote(
  db: Db,
  input: {
    conversationId: string;
    visitorId: string;
    winner: Winner;
    ipHash: string | null;
    /** the versions shown, when Regenerate left more than one */
    versions?: ShownVersions;
  },
): Promise<VoteResult> {
  if (!isUuid(input.conversationId)) throw new NotFound("conversation_not_found", "no such conversation");
  const [registry, dailyCap] = await Promise.all([
    registrySnapshot(db.pool),
    cachedSetting(db, "votes.dailyCountedCap"),
  ]);
  const id = uuidLiteral(input.conversationId);
  return inTransaction(db.pool, async (client) => {
    // the battle locked by a statement of its own, so the read after it sees a vote committed while we waited;
    // then the battle with its vote and its answers: one round trip
    const versions = Object.entries(input.versions ?? {}).filter(
      (entry): entry is ["a" | "b", number] => Number.isInteger(entry[1]) && (entry[1] as number) >= 1,
    );
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
                        'heartbeatAt', r."heartbeatAt", 'reasoning', r.reasoning, 'thinkingMs', r."thinkingMs"))
                 FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
                WHERE m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded) AS answers
       FROM "Conversation" c LEFT JOIN "Vote" v ON v."conversationId" = c.id
       WHERE c.id = ${id}`,
    );
    const rows = statementResults<ConversationRow>(read)[2 + versions.length]?.rows ?? [];
    const conversation = rows[0];
    if (!conversation || conversation.visitorId !== input.visitorId) {
      throw new NotFound("conversation_not_found", "no such conversation");
    }
    // a ban holds at once, for votes already on their way too: nothing of a banned visitor's is stored
    if (conversation.banned) throw new Forbidden("visitor_banned", BANNED_MESSAGE);
    if (conversation.mode === "direct" || !conversation.modelBId) {
      throw new InvalidInput("no_vote_in_direct_chat", "direct chats have no vote");
    }
    const models = {
      a: reveal(conversation.modelAId, registry.models.get(conversation.modelAId)),
      b: reveal(conversation.modelBId, registry.models.get(conversation.modelBId)),
    };
    if (conversation.voteWinner) {
      if (conversation.voteWinner !== TO_DB[input.winner]) {
        throw new Conflict("already_voted", "you have already voted on this battle; a vote cannot be changed");
      }
      await client.query("ROLLBACK"); // nothing to write: release the lock
      return {
        winner: input.winner,
        thoughts: thoughtsOf(conversation.answers),
        anonymous: Boolean(conversation.voteAnonymous),
        exclusionReasons: conversation.voteReasons ?? [],
        models,
        created: false,
      };
    }
    if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") {
      throw new Conflict("conversation_ended", "this conversation was stopped by the content filter");
    }
    const answers = (conversation.answers ?? []).map((a) => ({
      ...a,
      createdAt: a.createdAt ? new Date(a.createdAt) : null,
      heartbeatAt: a.heartbeatAt ? new Date(a.heartbeatAt) : null,
    }));
    const latest = answers.filter((m) => m.turn === conversation.turnCount);
    const finished = (["a", "b"] as const).every((side) =>
      latest.some(
        (m) => m.side === side && answerStatus(m.createdAt ? { ...m, createdAt: m.createdAt } : null) === "done",
      ),
    );
    if (!finished) throw new Conflict("answers_pending", "wait until both answers have finished before voting");

    // what the visitor saw decides anonymity; a thought they never saw before voting does not, but one that names
    // a model is put before staff (the audit trail, written with the vote)
    const leaked = answers.some((m) => identityLeaks(m.content, registry.terms).length > 0);
    const thoughtNames = answers
      .map((m) => ({
        side: m.side,
        turn: m.turn,
        terms: m.reasoning ? identityLeaks(m.reasoning, registry.terms) : [],
      }))
      .filter((m) => m.terms.length > 0);
    const exclusionReasons: string[] = [];
    if (conversation.mode !== "battle") exclusionReasons.push("named_models");
    if (leaked) exclusionReasons.push("identity_leak");
    if (conversation.isDemo) exclusionReasons.push("demo");
    // "Battle with this model": the visitor chose one of the pair, so the battle is not blind to them
    if (conversation.chosenModelId) exclusionReasons.push("model_chosen");
    const anonymous = conversation.mode === "battle" && !leaked && !conversation.chosenModelId;
    const counts = conversation.versionCounts ?? {};
    const shownVersions = Object.values(counts).some((n) => (n ?? 1) > 1)
      ? Object.fromEntries(
          (["a", "b"] as const).map((side) => {
            const of = counts[side] ?? 1;
            const asked = input.versions?.[side];
            return [side, { shown: asked && asked >= 1 && asked <= of ? asked : of, of }];
          }),
        )
      : null;
    const sql = literals(client);
    const visitor = uuidLiteral(input.visitorId);
    // the vote and the end of the battle, committed in the same message (durably: votes are never lost); the
    // visitor's own lock first, so two of their votes at the same instant count against the daily cap one by one
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
    const counted = results.map((r) => r.rows?.[0]?.counted).find((c) => typeof c === "boolean") ?? true;
    countVote(counted ? exclusionReasons : [...exclusionReasons, "daily_cap"]);
    return {
      winner: input.winner,
      thoughts: thoughtsOf(conversation.answers),
      anonymous,
      exclusionReasons,
      models,
      created: true,
    };
  });
}

export interface RatedModel extends RevealedModel {
  /** the model's current overall Arena Score, rounded, or null before it is on the board */
  rating: number | null;
}

/** The reveal with each model's current Arena Score, read from the served board (cached per process). */
export async function withRatings(
  db: Db,
  result: VoteResult,
): Promise<Omit<VoteResult, "models"> & { models: { a: RatedModel; b: RatedModel } }> {
  const board = await servedSnapshot(db, "overall", false).catch(() => null);
  const rating = (id: string) => {
    const model = board?.payload.models.find((m) => m.model === id);
    return model ? Math.round(model.rating) : null;
  };
  return {
    ...result,
    models: {
      a: { ...result.models.a, rating: rating(result.models.a.id) },
      b: { ...result.models.b, rating: rating(result.models.b.id) },
    },
  };
}
