// Failure cases (VisionArena §4.5, Table 6): candidates from "both are bad" votes between top-ranked models,
// reviewed by staff, exported as a prompt set, run by another model through the evaluation engine, graded O or X,
// and set out as the paper's grid.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { acceptTerms, castVote, openConversation, prepareTurn, streamTurn } from "../../lib/arena";
import { closeDb, createDb, type Db } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";
import { createRun, executeRun } from "../../lib/evals";
import {
  exportFailurePromptSet,
  failureCases,
  failureGrid,
  failureRunAnswers,
  findFailureCandidates,
  markFailureAnswer,
  reviewFailureCase,
} from "../../lib/failures";
import { currentSnapshot } from "../../lib/leaderboard";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { scratchDatabase } from "./db-admin";

let db: Db;
let dropDatabase: () => Promise<void>;
let fake: FakeModelServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-failures-"));
const bothBad = new Set<string>();

beforeAll(async () => {
  let url: string;
  ({ url, drop: dropDatabase } = await scratchDatabase(inject("databaseUrl")));
  await applyMigrations(url);
  fake = await startFakeModelServer({
    models: {
      "alpha-vl": { reply: "There are 5 triangles.", tokenDelayMs: 0 },
      "beta-vl": { reply: "I count 4 triangles.", tokenDelayMs: 0 },
      "gamma-vl": { reply: "There are 7 triangles.", tokenDelayMs: 0 },
    },
  });
  const modelsFile = writeFakeModelsFile(
    dataDir,
    fake.baseURL,
    ["alpha", "beta", "gamma"].map((id) => ({ id, model: `${id}-vl` })),
  );
  Object.assign(process.env, {
    ARENA_MODELS_FILE: modelsFile,
    ARENA_DATA_DIR: dataDir,
    ARENA_SECRET: "failures-secret-0123456789",
    ARENA_RATE_VISITOR_PER_HOUR: "1000",
    ARENA_RATE_IP_PER_HOUR: "1000",
  });
  db = createDb(url);
  const image = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#cc3366" } })
    .png()
    .toBuffer();
  for (let i = 0; i < 12; i++) {
    const visitorId = (await acceptTerms(db, null, null)).id;
    const { id } = await openConversation(db, {
      visitorId,
      ipHash: null,
      mode: "battle",
      prompt: `How many triangles are in this figure? #${i}`,
      uploads: [{ name: "t.png", bytes: image }],
    });
    await new Response(streamTurn(db, await prepareTurn(db, { conversationId: id, visitorId }))).text();
    const winner = i % 3 === 0 ? "tie (bothbad)" : i % 3 === 1 ? "model_a" : "model_b";
    await castVote(db, { conversationId: id, visitorId, winner, ipHash: null });
    if (winner === "tie (bothbad)") bothBad.add(id);
  }
  await recomputeSnapshots(db, { rounds: 10, seed: 0 });
});

afterAll(async () => {
  await closeDb(db);
  await fake.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("failure cases", () => {
  it("takes as candidates only 'both are bad' battles between models of the board's top ranks", async () => {
    const board = await currentSnapshot(db, "overall", false);
    const rankOf = new Map(board?.payload.models.map((m) => [m.model, m.rank]));
    const best = Math.min(...rankOf.values());
    // with the top set to the best rank, only battles between models sharing it qualify
    const battles = await db.prisma.conversation.findMany({ where: { id: { in: [...bothBad] } } });
    const between = (top: number) =>
      battles.filter((b) => (rankOf.get(b.modelAId) ?? 99) <= top && (rankOf.get(b.modelBId ?? "") ?? 99) <= top);
    expect(await findFailureCandidates(db, { top: best })).toBe(between(best).length);
    expect(await findFailureCandidates(db)).toBe(bothBad.size - between(best).length);
    expect(await findFailureCandidates(db)).toBe(0); // each battle once
    const cases = await failureCases(db);
    expect(new Set(cases.map((c) => c.conversationId))).toEqual(bothBad);
    for (const c of cases) {
      expect(c.status).toBe("candidate");
      expect(c.prompt).toMatch(/^How many triangles/);
      expect(c.images).toHaveLength(1);
      expect(c.verdicts.map((v) => v.modelId).sort()).toEqual([c.models.a, c.models.b].sort());
      for (const v of c.verdicts)
        expect(v).toMatchObject({ solved: false, source: "vote", answer: expect.stringMatching(/triangles/) });
      expect(c.ranks.a).toBe(rankOf.get(c.models.a));
    }
  });

  it("is reviewed by staff, exported as a prompt set, run, graded, and set out as Table 6's grid", async () => {
    const [first, second, ...rest] = await failureCases(db);
    await expect(reviewFailureCase(db, "not-a-uuid", { action: "accept" }, "staff")).rejects.toMatchObject({
      code: "unknown_failure_case",
    });
    await reviewFailureCase(
      db,
      first?.id as string,
      { action: "accept", note: "counting shapes" },
      "staff@example.com",
    );
    await reviewFailureCase(db, second?.id as string, { action: "reject", note: "the question is ambiguous" }, "staff");
    const accepted = await failureCases(db, { status: "accepted" });
    expect(accepted.map((c) => c.id)).toEqual([first?.id]);
    expect(accepted[0]).toMatchObject({ note: "counting shapes", reviewedBy: "staff@example.com" });
    expect((await failureCases(db, { status: "candidate" })).length).toBe(rest.length);
    // grading is for accepted cases only
    await expect(
      markFailureAnswer(db, second?.id as string, { modelId: "gamma", solved: true }, "staff"),
    ).rejects.toMatchObject({ code: "not_accepted" });

    const set = await exportFailurePromptSet(db);
    const items = await db.prisma.promptItem.findMany({ where: { setId: set.id }, include: { images: true } });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ category: "failure", metadata: { failureCaseId: first?.id } });
    expect(items[0]?.images).toHaveLength(1);

    // a third model runs on the set; its answer waits for a grade
    const outsider = ["alpha", "beta", "gamma"].find((m) => m !== first?.models.a && m !== first?.models.b) as string;
    const run = await createRun(db, { set: `${set.name}@${set.version}`, model: outsider });
    expect(await executeRun(db, run.id)).toMatchObject({ status: "done", answered: 1 });
    const answers = await failureRunAnswers(db);
    expect(answers).toEqual([{ caseId: first?.id, modelId: outsider, answer: expect.stringMatching(/triangles/) }]);
    await markFailureAnswer(
      db,
      first?.id as string,
      { modelId: outsider, solved: true, answer: answers[0]?.answer },
      "staff",
    );

    const grid = failureGrid(await failureCases(db));
    expect(grid.models).toEqual(["alpha", "beta", "gamma"]);
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0]?.marks).toEqual(grid.models.map((m) => (m === outsider ? "O" : "X")));
    expect(grid.failedAll.sort()).toEqual([first?.models.a, first?.models.b].sort());
  });
});
