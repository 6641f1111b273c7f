// ConversationPrompt is kept by triggers (migration 20261128100000_conversation_prompt_key): after every kind of
// write a prompt sees (a battle opened in one statement with its images, a follow-up, Prisma's nested writes, a
// prompt superseded and restored, edited, an image taken away, moved or added later, a conversation deleted), each
// stored key equals the key the leaderboard and the export computed from the messages at every read before it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, type Db } from "../../lib/db";
import { promptKeys } from "../support/prompt-keys";
import { databaseWithModels } from "./db-admin";

let db: Db;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop: dropDatabase } = await databaseWithModels("pk", ["pk-a", "pk-b"]));
  for (const sha of ["1a", "2b", "3c"]) {
    await db.prisma.image.create({
      data: { sha256: sha.repeat(32), mime: "image/png", width: 1, height: 1, bytes: 1, storageKey: sha },
    });
  }
});
afterAll(async () => {
  await closeDb(db);
  await dropDatabase();
});

const IMAGE = { one: "1a".repeat(32), two: "2b".repeat(32), three: "3c".repeat(32) };

async function expectStoredEqualsReference(): Promise<Map<string, string | null>> {
  const keys = await promptKeys(db);
  expect(keys.filter((k) => k.stored !== k.reference)).toEqual([]);
  return new Map(keys.map((k) => [k.id, k.stored]));
}

/** A battle opened as the arena opens one: the conversation, both sides' prompt and their images in one statement. */
async function openBattle(prompt: string, images: string[]): Promise<string> {
  const id = crypto.randomUUID();
  const messages = [crypto.randomUUID(), crypto.randomUUID()];
  const links = messages.flatMap((m) => images.map((sha, position) => [m, sha, position] as const));
  await db.pool.query(
    `WITH conversation AS (
       INSERT INTO "Conversation" (id, mode, "modelAId", "modelBId", "turnCount", "updatedAt")
       VALUES ($1, 'battle', 'pk-a', 'pk-b', 1, now())
     ), messages AS (
       INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
       SELECT unnest($2::uuid[]), $1, unnest(ARRAY['a', 'b']::"Side"[]), 1, 'user', $3
     )
     INSERT INTO "MessageImage" ("messageId", "imageSha256", position)
     SELECT * FROM unnest($4::uuid[], $5::text[], $6::int[])`,
    [id, messages, prompt, links.map((l) => l[0]), links.map((l) => l[1]), links.map((l) => l[2])],
  );
  return id;
}

/** A follow-up as the arena adds one: both sides' prompt, their images and the turn count in one statement. */
async function followUp(id: string, turn: number, prompt: string, images: string[]): Promise<string[]> {
  const messages = [crypto.randomUUID(), crypto.randomUUID()];
  const links = messages.flatMap((m) => images.map((sha, position) => [m, sha, position] as const));
  await db.pool.query(
    `WITH messages AS (
       INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
       SELECT unnest($2::uuid[]), $1, unnest(ARRAY['a', 'b']::"Side"[]), $3, 'user', $4
     ), links AS (
       INSERT INTO "MessageImage" ("messageId", "imageSha256", position)
       SELECT * FROM unnest($5::uuid[], $6::text[], $7::int[])
     )
     UPDATE "Conversation" SET "turnCount" = $3, "updatedAt" = now() WHERE id = $1`,
    [id, messages, turn, prompt, links.map((l) => l[0]), links.map((l) => l[1]), links.map((l) => l[2])],
  );
  return messages;
}

describe("ConversationPrompt", () => {
  it("equals the key computed from the messages after every kind of write a prompt sees", async () => {
    const first = await openBattle("What is this?", [IMAGE.one, IMAGE.two]);
    const same = await openBattle("What is this?", [IMAGE.one, IMAGE.two]);
    const otherOrder = await openBattle("What is this?", [IMAGE.two, IMAGE.one]);
    const textOnly = await openBattle("Tell me a joke", []);
    let keys = await expectStoredEqualsReference();
    // the same prompt on the same images is the same key; another order of the images is another prompt
    expect(keys.get(first)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.get(same)).toBe(keys.get(first));
    expect(keys.get(otherOrder)).not.toBe(keys.get(first));
    const sameKey = keys.get(same);

    // a follow-up with an image, and one without; side b's copy and the answers never change the key
    const [followA] = await followUp(first, 2, "And the colour?", [IMAGE.three]);
    await followUp(first, 3, "Thanks", []);
    await followUp(textOnly, 2, "Another", []);
    await db.pool.query(
      `INSERT INTO "Message" (id, "conversationId", side, turn, role, content)
       VALUES (gen_random_uuid(), $1, 'a', 1, 'assistant', 'It is a cat'),
              (gen_random_uuid(), $1, 'b', 1, 'assistant', 'A dog')`,
      [same],
    );
    await db.pool.query(`UPDATE "Message" SET content = 'changed' WHERE "conversationId" = $1 AND side = 'b'`, [same]);
    keys = await expectStoredEqualsReference();
    expect(keys.get(same)).toBe(sameKey);
    expect(keys.get(first)).not.toBe(sameKey);

    // Prisma's nested writes (the seeders' and the browser tests' way): a prompt and its images in two statements
    const nested = await db.prisma.conversation.create({
      data: {
        mode: "battle",
        modelAId: "pk-a",
        modelBId: "pk-b",
        turnCount: 1,
        messages: {
          create: (["a", "b"] as const).map((side) => ({
            side,
            turn: 1,
            role: "user" as const,
            content: "What is this?",
            images: {
              create: [
                { imageSha256: IMAGE.one, position: 0 },
                { imageSha256: IMAGE.two, position: 1 },
              ],
            },
          })),
        },
      },
    });
    keys = await expectStoredEqualsReference();
    expect(keys.get(nested.id)).toBe(keys.get(same));

    // an image taken away, and one moved to another position; an image added later to a prompt written before
    await db.pool.query(`DELETE FROM "MessageImage" WHERE "messageId" = $1`, [followA]);
    keys = await expectStoredEqualsReference();
    const withoutImage = keys.get(first);
    await db.pool.query(`INSERT INTO "MessageImage" ("messageId", "imageSha256", position) VALUES ($1, $2, 0)`, [
      followA,
      IMAGE.two,
    ]);
    keys = await expectStoredEqualsReference();
    expect(keys.get(first)).not.toBe(withoutImage);
    // (two steps: the primary key holds within a statement)
    for (const move of ["11 - position", "position - 10"]) {
      await db.pool.query(
        `UPDATE "MessageImage" SET position = ${move}
          WHERE "messageId" IN (SELECT id FROM "Message" WHERE "conversationId" = $1)`,
        [nested.id],
      );
    }
    keys = await expectStoredEqualsReference();
    expect(keys.get(nested.id)).toBe(keys.get(otherOrder));

    // a prompt superseded, then restored; a prompt edited
    await db.pool.query(
      `UPDATE "Message" SET superseded = true WHERE "conversationId" = $1 AND side = 'a' AND turn = 2`,
      [textOnly],
    );
    await expectStoredEqualsReference();
    await db.pool.query(
      `UPDATE "Message" SET superseded = false WHERE "conversationId" = $1 AND side = 'a' AND turn = 2`,
      [textOnly],
    );
    await db.pool.query(
      `UPDATE "Message" SET content = 'Tell me two jokes' WHERE "conversationId" = $1 AND side = 'a' AND turn = 1`,
      [textOnly],
    );
    await expectStoredEqualsReference();

    // every prompt of side a gone: no row, no key (readers then use a digest of the conversation's id)
    await db.pool.query(`DELETE FROM "Message" WHERE "conversationId" = $1 AND side = 'a'`, [otherOrder]);
    keys = await expectStoredEqualsReference();
    expect(keys.get(otherOrder)).toBeNull();

    // a deleted conversation takes its messages with it, and nothing fails on the way
    await db.pool.query(`DELETE FROM "Conversation" WHERE id = $1`, [first]);
    keys = await expectStoredEqualsReference();
    expect(keys.has(first)).toBe(false);
  });
});
