// Real battles over the real services' recorded streams (tests/recordings), through the arena: each recording is a
// model of a models file whose providers are the replay server speaking OpenAI's, Anthropic's and Gemini's
// protocols. Two recordings meet in a battle; each stored answer must be the recording's visible text exactly, the
// thinking stored apart and shown to nobody before the vote (not in the stream, not in the page's view), the finish
// reason stored; a refusal ends as a failed side with the visitor's message, never handed to another model.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { castVote, conversationView, prepareTurn, streamTurn, type TurnEvent } from "../../lib/arena";
import { closeDb, createDb, type Db } from "../../lib/db";
import {
  failsSide,
  modelOf,
  RECORDINGS,
  type Recording,
  type ReplayServer,
  startReplayServer,
} from "../recordings/replay-server";
import { openImageBattle } from "../support/battles";
import { migratedScratchDatabase } from "./db-admin";

let replay: ReplayServer;
let db: Db;
let drop: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-recorded-"));
const saved = { ...process.env };
const PROVIDER = { openai: "openai-compatible", anthropic: "anthropic", gemini: "google" } as const;
const BASE = { openai: "/v1", anthropic: "/v1", gemini: "/v1beta" } as const;
const idOf = (recording: Recording) => `rec-${RECORDINGS.indexOf(recording)}`;

beforeAll(async () => {
  replay = await startReplayServer();
  const database = await migratedScratchDatabase();
  drop = database.drop;
  const file = path.join(dir, "models.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      providers: Object.fromEntries(
        (["openai", "anthropic", "gemini"] as const).map((p) => [
          p,
          { type: PROVIDER[p], baseURL: `${replay.origin}${BASE[p]}` },
        ]),
      ),
      models: RECORDINGS.map((r) => ({
        id: idOf(r),
        provider: r.protocol,
        model: modelOf(r),
        displayName: modelOf(r),
        vision: true,
      })),
    }),
  );
  Object.assign(process.env, {
    ARENA_MODELS_FILE: file,
    ARENA_DATA_DIR: dir,
    ARENA_SECRET: "recorded-battles-secret-0123456789",
    ARENA_RATE_VISITOR_PER_HOUR: "1000",
    ARENA_RATE_IP_PER_HOUR: "1000",
    DATABASE_URL: database.url,
  });
  db = createDb(database.url);
}, 60_000);
afterAll(async () => {
  await closeDb(db);
  await replay.close();
  await drop();
  process.env = saved;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function battle(a: Recording, b: Recording) {
  const { id, visitorId } = await openImageBattle(db, { prompt: "What is in this picture?", background: "#1f77b4" });
  await db.pool.query(`UPDATE "Conversation" SET "modelAId" = $2, "modelBId" = $3 WHERE id = $1`, [
    id,
    idOf(a),
    idOf(b),
  ]);
  const plan = await prepareTurn(db, { conversationId: id, visitorId });
  const text = await new Response(streamTurn(db, plan)).text();
  const events = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as TurnEvent);
  const { rows } = await db.pool.query<{
    side: string;
    content: string;
    reasoning: string | null;
    finish: string | null;
    error: string | null;
    modelId: string;
  }>(
    `SELECT m.side::text AS side, m.content, r.reasoning, r."finishReason" AS finish, r.error, r."modelId"
       FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
      WHERE m."conversationId" = $1 AND m.role = 'assistant' ORDER BY m.side`,
    [id],
  );
  return { id, visitorId, events, stored: rows, streamed: text };
}

const answered = RECORDINGS.filter((r) => !failsSide(r));
const pairs: [Recording, Recording][] = [];
for (let i = 0; i < answered.length; i += 2)
  pairs.push([answered[i] as Recording, (answered[i + 1] ?? answered[0]) as Recording]);

describe("battles over the real services' recorded streams", () => {
  for (const [a, b] of pairs) {
    it(`${a.file} against ${b.file}: the answers as recorded, the thinking stored apart and hidden until the vote`, async () => {
      const { id, visitorId, events, stored, streamed } = await battle(a, b);
      expect(events.filter((e) => e.type === "error")).toEqual([]);
      for (const [side, recording] of [
        ["a", a],
        ["b", b],
      ] as const) {
        const row = stored.find((r) => r.side === side);
        expect(row?.modelId).toBe(idOf(recording));
        expect(row?.content).toBe(recording.expect.text);
        expect(row?.content).not.toContain("[object Object]");
        expect(row?.reasoning ?? "").toBe(recording.expect.thinking);
        expect(row?.finish).toBe("stop");
        // the thought never reaches the browser while the battle is anonymous
        if (recording.expect.thinking.trim().length > 20)
          expect(streamed).not.toContain(recording.expect.thinking.trim().slice(0, 40));
      }
      const before = await conversationView(db, id, { visitorId });
      expect(JSON.stringify(before)).not.toContain('"thought"');
      await castVote(db, { conversationId: id, visitorId, winner: "tie", ipHash: null });
      const after = await conversationView(db, id, { visitorId });
      for (const [side, recording] of [
        ["a", a],
        ["b", b],
      ] as const) {
        const thought = after.sides[side]?.messages.find((m) => m.role === "assistant")?.thought?.text ?? "";
        expect(thought).toBe(recording.expect.thinking ? recording.expect.thinking : "");
      }
    }, 60_000);
  }

  it("a refusal (Anthropic's stop_reason: refusal) fails its side with the visitor's message, and is not swapped", async () => {
    const refusal = RECORDINGS.find((r) => r.expect.finishReason === "refusal") as Recording;
    const { id, events, stored } = await battle(refusal, answered[0] as Recording);
    const error = events.find((e) => e.type === "error") as Extract<TurnEvent, { type: "error" }> | undefined;
    expect(error).toMatchObject({ side: "a", code: "provider_error" });
    expect(error?.message).toMatch(/withheld this answer/);
    expect(error?.message).not.toMatch(/Usage Policy|refusal|cyber/);
    expect(stored.find((r) => r.side === "a")).toMatchObject({ content: "", modelId: idOf(refusal) });
    expect((await db.pool.query(`SELECT 1 FROM "ModelSwap" WHERE "conversationId" = $1`, [id])).rowCount).toBe(0);
  }, 60_000);

  it("an error OpenRouter sends mid-stream, after hidden thinking but before any answer, is a first-turn swap", async () => {
    // the visitor saw nothing of that side (its thinking is hidden until the vote), so the side is given, once,
    // another model drawn by the same rules, and the swap is recorded. The draw is random among these recordings,
    // some of which withhold their answer: the replacement answers, or fails as itself (never swapped again)
    const failing = RECORDINGS.find((r) => r.file === "openrouter-error-mid-stream.sse") as Recording;
    const { id, events, stored } = await battle(failing, answered[0] as Recording);
    const side = stored.find((r) => r.side === "a");
    const swaps = await db.pool.query<{ fromModelId: string; toModelId: string }>(
      `SELECT "fromModelId", "toModelId" FROM "ModelSwap" WHERE "conversationId" = $1`,
      [id],
    );
    expect(swaps.rows).toEqual([{ fromModelId: idOf(failing), toModelId: side?.modelId }]);
    expect(side?.modelId).not.toBe(idOf(answered[0] as Recording));
    const replacement = RECORDINGS.find((r) => idOf(r) === side?.modelId) as Recording;
    if (failsSide(replacement)) {
      expect(events.filter((e) => e.type === "error")).toEqual([expect.objectContaining({ side: "a" })]);
    } else {
      expect(events.filter((e) => e.type === "error")).toEqual([]);
      expect(side?.content).toBe(replacement.expect.text);
    }
  }, 60_000);
});
