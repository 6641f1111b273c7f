// The first-turn swap (issue 67, as ComparIA does it): a battle side whose model times out before its first token on
// turn 1 is given another model drawn by the same rules, never the other side's; the visitor's battle goes on, and
// the swap is on the battle and in the export. A failure on turn 2 is no swap: the side fails as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFollowUp, castVote, prepareTurn, streamTurn, type TurnEvent } from "../../lib/arena";
import { battleBatches } from "../../lib/export";
import { openImageBattle } from "../support/battles";
import { doneSides } from "../support/turn-events";
import { type ArenaFixture, startArena } from "./arena-fixture";

let arena: ArenaFixture;

beforeAll(async () => {
  arena = await startArena("swap", { slow: "Never said.", alpha: "Alpha sees red.", beta: "Beta sees red." });
  // a short first-token clock, so a model that never starts fails within the test
  process.env.ARENA_FIRST_TOKEN_TIMEOUT_MS = "1500";
  arena.fake.setModel("slow-vl", { reply: "Never said.", failure: { kind: "hang" } });
}, 60_000);
afterAll(() => arena.close());

async function turn(conversationId: string, visitorId: string): Promise<TurnEvent[]> {
  const text = await new Response(
    streamTurn(arena.db, await prepareTurn(arena.db, { conversationId, visitorId })),
  ).text();
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as TurnEvent);
}

describe("the first-turn swap", () => {
  it("replaces a side that times out before its first token on turn 1, once, never with the other side's model", async () => {
    const { id, visitorId } = await openImageBattle(arena.db, {
      prompt: "What colour is this?",
      background: "#d62728",
    });
    // the draw is random: put the model that never starts on side a, alpha on side b
    await arena.db.pool.query(`UPDATE "Conversation" SET "modelAId" = 'slow', "modelBId" = 'alpha' WHERE id = $1`, [
      id,
    ]);

    const events = await turn(id, visitorId);
    // the visitor saw the battle go on: no error for side a, its answer streamed and done
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    const text = (side: "a" | "b") =>
      events
        .filter((e): e is Extract<TurnEvent, { type: "delta" }> => e.type === "delta" && e.side === side)
        .map((e) => e.text)
        .join("");
    expect(text("a")).toBe("Beta sees red.");
    expect(text("b")).toBe("Alpha sees red.");
    expect(doneSides(events)).toEqual(["a", "b"]);

    // the battle now names the model that answered, and the swap is recorded with its reason
    const { rows } = await arena.db.pool.query(
      `SELECT c."modelAId", c."modelBId", s.side::text, s."fromModelId", s."toModelId", s.reason
         FROM "Conversation" c JOIN "ModelSwap" s ON s."conversationId" = c.id WHERE c.id = $1`,
      [id],
    );
    expect(rows).toEqual([
      {
        modelAId: "beta",
        modelBId: "alpha",
        side: "a",
        fromModelId: "slow",
        toModelId: "beta",
        reason: "provider_timeout",
      },
    ]);
    const stored = await arena.db.pool.query(
      `SELECT m.side::text, m.content, r.error, r."modelId" FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
        WHERE m."conversationId" = $1 AND m.role = 'assistant' ORDER BY m.side`,
      [id],
    );
    expect(stored.rows).toEqual([
      { side: "a", content: "Beta sees red.", error: null, modelId: "beta" },
      { side: "b", content: "Alpha sees red.", error: null, modelId: "alpha" },
    ]);

    // turn 2: a failure is no swap: the side fails with the visitor's message, the models stay
    arena.fake.setModel("beta-vl", { reply: "x", failure: { kind: "http", status: 500 } });
    await addFollowUp(arena.db, { conversationId: id, visitorId, ipHash: null, prompt: "And the border?" });
    const second = await turn(id, visitorId);
    const failed = second.find((e) => e.type === "error") as Extract<TurnEvent, { type: "error" }> | undefined;
    expect(failed).toMatchObject({ side: "a", code: "provider_error" });
    expect(failed?.message).toBeTruthy();
    const after = await arena.db.pool.query(`SELECT "modelAId", "modelBId" FROM "Conversation" WHERE id = $1`, [id]);
    expect(after.rows[0]).toEqual({ modelAId: "beta", modelBId: "alpha" });
    expect((await arena.db.pool.query(`SELECT 1 FROM "ModelSwap" WHERE "conversationId" = $1`, [id])).rowCount).toBe(1);
    arena.fake.setModel("beta-vl", { reply: "Beta sees red.", tokenDelayMs: 0 });

    // the export names the models that answered and carries the swap
    await turn(id, visitorId); // the retry of turn 2 answers, so the battle can be voted
    await castVote(arena.db, { conversationId: id, visitorId, winner: "model_a", ipHash: null });
    const exported = [];
    for await (const batch of battleBatches(arena.db, { salt: "swap-test" })) exported.push(...batch.records);
    const record = exported.find((r) => r.question_id === id);
    expect(record).toMatchObject({
      model_a: "beta",
      model_b: "alpha",
      model_swaps: [{ side: "a", from: "slow", to: "beta", reason: "provider_timeout" }],
    });
  }, 60_000);

  it("leaves a side failed when no other model can take it (only the two of the pair are eligible)", async () => {
    await arena.db.pool.query(`UPDATE "Model" SET weight = 0, "updatedAt" = now() WHERE id = 'beta'`);
    const { id, visitorId } = await openImageBattle(arena.db, { prompt: "What colour?", background: "#2ca02c" });
    await arena.db.pool.query(`UPDATE "Conversation" SET "modelAId" = 'alpha', "modelBId" = 'slow' WHERE id = $1`, [
      id,
    ]);
    const events = await turn(id, visitorId);
    expect(events.find((e) => e.type === "error")).toMatchObject({ side: "b", code: "provider_timeout" });
    expect((await arena.db.pool.query(`SELECT 1 FROM "ModelSwap" WHERE "conversationId" = $1`, [id])).rowCount).toBe(0);
  }, 60_000);
});
