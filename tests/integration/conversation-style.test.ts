// ConversationStyle is kept by triggers (migrations 20261127194338_conversation_style and 20261127230000_…_delta):
// after every kind of write an answer's counts see (claimed, finished, re-tagged, superseded, restored, deleted, a whole conversation deleted, two
// answers finished at once), each row equals the aggregate over the conversation's answers that the leaderboard
// used to compute at every recompute.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, type Db } from "../../lib/db";
import { createRandom } from "../../lib/numeric";
import { seedBattle } from "../support/battles";
import { databaseWithModels } from "./db-admin";

let db: Db;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop: dropDatabase } = await databaseWithModels("cs", ["cs-a", "cs-b"]));
});
afterAll(async () => {
  await closeDb(db);
  await dropDatabase();
});

/** The aggregate the triggers replace, as vote-parts.ts computed it before them (every conversation with an answer). */
const REFERENCE = `
  SELECT m."conversationId" AS id,
         COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'a'), 0)::int AS "tokensA",
         COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'a'), 0)::int AS "headersA",
         COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'a'), 0)::int AS "listsA",
         COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'a'), 0)::int AS "boldA",
         COALESCE(SUM(r.tokens) FILTER (WHERE m.side = 'b'), 0)::int AS "tokensB",
         COALESCE(SUM(r."headerCount") FILTER (WHERE m.side = 'b'), 0)::int AS "headersB",
         COALESCE(SUM(r."listCount") FILTER (WHERE m.side = 'b'), 0)::int AS "listsB",
         COALESCE(SUM(r."boldCount") FILTER (WHERE m.side = 'b'), 0)::int AS "boldB",
         CASE WHEN bool_and(r."entityCount" IS NOT NULL)
              THEN COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'a'), 0)::int END AS "entitiesA",
         CASE WHEN bool_and(r."entityCount" IS NOT NULL)
              THEN COALESCE(SUM(r."entityCount") FILTER (WHERE m.side = 'b'), 0)::int END AS "entitiesB"
    FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
   WHERE m.role = 'assistant' AND NOT m.superseded
   GROUP BY m."conversationId"`;

/** The kept rows read as the leaderboard reads them (a conversation with no counted answer: no row). */
const KEPT = `
  SELECT "conversationId" AS id, "tokensA", "headersA", "listsA", "boldA", "tokensB", "headersB", "listsB", "boldB",
         CASE WHEN "unknownEntities" = 0 THEN "entitiesA" END AS "entitiesA",
         CASE WHEN "unknownEntities" = 0 THEN "entitiesB" END AS "entitiesB"
    FROM "ConversationStyle" WHERE answers > 0`;

async function expectKeptEqualsReference(): Promise<number> {
  const byId = (rows: { id: string }[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
  const reference = byId((await db.pool.query(REFERENCE)).rows);
  expect(byId((await db.pool.query(KEPT)).rows)).toEqual(reference);
  return reference.length;
}

/** A battle with `turns` turns, each with both sides' answers, written as the arena writes them: the answer's
 *  ResponseMeta row claimed empty, then finished with its counts. */
async function battle(turns: number, rand: () => number) {
  const messages = [];
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({ side: "a" as const, turn, role: "user" as const, content: `question ${turn}` });
    messages.push({ side: "b" as const, turn, role: "user" as const, content: `question ${turn}` });
    for (const side of ["a", "b"] as const) {
      messages.push({ side, turn, role: "assistant" as const, content: `answer ${side}${turn}` });
    }
  }
  const { conversation } = await seedBattle(db, { a: "cs-a", b: "cs-b", messages });
  const answers = await db.prisma.message.findMany({
    where: { conversationId: conversation.id, role: "assistant" },
    orderBy: [{ turn: "asc" }, { side: "asc" }],
  });
  for (const answer of answers) {
    await db.pool.query(`INSERT INTO "ResponseMeta" ("messageId", "modelId") VALUES ($1, 'cs-a')`, [answer.id]);
    const n = () => Math.floor(rand() * 9);
    await db.pool.query(
      `UPDATE "ResponseMeta" SET tokens = $2, "headerCount" = $3, "listCount" = $4, "boldCount" = $5 WHERE "messageId" = $1`,
      [answer.id, rand() < 0.1 ? null : 10 + n() * 40, n(), n(), n()],
    );
  }
  return { id: conversation.id, answers: answers.map((m) => m.id) };
}

describe("ConversationStyle", () => {
  it("equals the aggregate over each conversation's counted answers after every kind of write", async () => {
    const rand = createRandom(8);
    const battles = [];
    for (let k = 0; k < 12; k++) battles.push(await battle(1 + (k % 3), rand));
    expect(await expectKeptEqualsReference()).toBe(12);

    // the named entities counted later, in one statement for many answers (the tagger's way), some still unknown
    const tagged = battles.flatMap((b) => b.answers).filter(() => rand() < 0.8);
    await db.pool.query(
      `UPDATE "ResponseMeta" r SET "entityCount" = u.n FROM unnest($1::uuid[], $2::int[]) AS u(id, n) WHERE r."messageId" = u.id`,
      [tagged, tagged.map((_, k) => k % 7)],
    );
    await expectKeptEqualsReference();
    const unknown = battles.filter((b) => b.answers.some((id) => !tagged.includes(id)));
    expect(unknown.length).toBeGreaterThan(0);

    // heartbeats and stop requests change nothing counted
    await db.pool.query(`UPDATE "ResponseMeta" SET "heartbeatAt" = now(), "stopRequestedAt" = now()`);
    await expectKeptEqualsReference();

    // a regenerated turn: the old answers superseded and new ones written; then one restored
    const regenerated = battles[4] as (typeof battles)[number];
    await db.pool.query(`UPDATE "Message" SET superseded = true WHERE id = ANY($1::uuid[])`, [
      regenerated.answers.slice(0, 2),
    ]);
    await expectKeptEqualsReference();
    await db.pool.query(`UPDATE "Message" SET superseded = false WHERE id = $1`, [regenerated.answers[0]]);
    await expectKeptEqualsReference();

    // every answer of a battle superseded: no counted answer, so no style and no entities
    const emptied = battles[5] as (typeof battles)[number];
    await db.pool.query(`UPDATE "Message" SET superseded = true WHERE id = ANY($1::uuid[])`, [emptied.answers]);
    expect(await expectKeptEqualsReference()).toBe(11);

    // an answer's counts deleted; a whole battle deleted (its row goes with it)
    await db.pool.query(`DELETE FROM "ResponseMeta" WHERE "messageId" = $1`, [
      (battles[6] as (typeof battles)[number]).answers[0],
    ]);
    await expectKeptEqualsReference();
    await db.pool.query(`DELETE FROM "Conversation" WHERE id = $1`, [(battles[7] as (typeof battles)[number]).id]);
    expect(await expectKeptEqualsReference()).toBe(10);
    const { rows } = await db.pool.query(`SELECT 1 FROM "ConversationStyle" WHERE "conversationId" = $1`, [
      (battles[7] as (typeof battles)[number]).id,
    ]);
    expect(rows).toEqual([]);
  });

  it("adds both answers of a battle finished at the same moment on two connections", async () => {
    const rand = createRandom(9);
    for (let round = 0; round < 10; round++) {
      const { conversation } = await seedBattle(db, {
        a: "cs-a",
        b: "cs-b",
        messages: (["a", "b"] as const).flatMap((side) => [
          { side, turn: 1, role: "user" as const, content: "q" },
          { side, turn: 1, role: "assistant" as const, content: "" },
        ]),
      });
      const answers = await db.prisma.message.findMany({
        where: { conversationId: conversation.id, role: "assistant" },
      });
      await Promise.all(
        answers.map(async (answer) => {
          const client = await db.pool.connect();
          try {
            await client.query("BEGIN");
            await client.query(
              `INSERT INTO "ResponseMeta" ("messageId", "modelId", tokens, "listCount") VALUES ($1, 'cs-a', $2, 1)`,
              [answer.id, 1 + Math.floor(rand() * 100)],
            );
            await client.query("SELECT pg_sleep(0.01)");
            await client.query("COMMIT");
          } finally {
            client.release();
          }
        }),
      );
    }
    await expectKeptEqualsReference();
  });
});
