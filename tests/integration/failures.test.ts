// Failure cases (VisionArena §4.5, Table 6): candidates from "both are bad" votes between top-ranked models,
// reviewed by staff, exported as a prompt set, run by another model through the evaluation engine, graded O or X,
// and set out as the paper's grid.
import "./fastchat-board";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptTerms, castVote, openConversation, prepareTurn, streamTurn } from "../../lib/arena";
import type { Db } from "../../lib/db";
import { createRun, executeRun } from "../../lib/evals";
import * as failures from "../../lib/failures";
import { currentSnapshot } from "../../lib/leaderboard";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { type ArenaFixture, startArena } from "./arena-fixture";

let arena: ArenaFixture;
let db: Db;
const bothBad = new Set<string>();

beforeAll(async () => {
  arena = await startArena("failures", {
    alpha: "There are 5 triangles.",
    beta: "I count 4 triangles.",
    gamma: "There are 7 triangles.",
  });
  db = arena.db;
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

afterAll(() => arena.close());

describe("failure cases", () => {
  it("takes as candidates only 'both are bad' battles between models of the board's top ranks", async () => {
    const board = await currentSnapshot(db, "overall", false);
    const rankOf = new Map(board?.payload.models.map((m) => [m.model, m.rank ?? Number.POSITIVE_INFINITY]));
    const best = Math.min(...rankOf.values());
    // with the top set to the best rank, only battles between models sharing it qualify
    const battles = await db.prisma.conversation.findMany({ where: { id: { in: [...bothBad] } } });
    const between = (top: number) =>
      battles.filter((b) => (rankOf.get(b.modelAId) ?? 99) <= top && (rankOf.get(b.modelBId ?? "") ?? 99) <= top);
    expect(await failures.findFailureCandidates(db, { top: best })).toBe(between(best).length);
    expect(await failures.findFailureCandidates(db)).toBe(bothBad.size - between(best).length);
    expect(await failures.findFailureCandidates(db)).toBe(0); // each battle once
    const cases = await failures.failureCases(db);
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
    const [first, second, ...rest] = await failures.failureCases(db);
    await expect(failures.reviewFailureCase(db, "not-a-uuid", { action: "accept" }, "staff")).rejects.toMatchObject({
      code: "unknown_failure_case",
    });
    await failures.reviewFailureCase(
      db,
      first?.id as string,
      { action: "accept", note: "counting shapes" },
      "staff@example.com",
    );
    await failures.reviewFailureCase(
      db,
      second?.id as string,
      { action: "reject", note: "the question is ambiguous" },
      "staff",
    );
    const accepted = await failures.failureCases(db, { status: "accepted" });
    expect(accepted.map((c) => c.id)).toEqual([first?.id]);
    expect(accepted[0]).toMatchObject({ note: "counting shapes", reviewedBy: "staff@example.com" });
    expect((await failures.failureCases(db, { status: "candidate" })).length).toBe(rest.length);
    // grading is for accepted cases only
    await expect(
      failures.markFailureAnswer(db, second?.id as string, { modelId: "gamma", solved: true }, "staff"),
    ).rejects.toMatchObject({ code: "not_accepted" });

    const set = await failures.exportFailurePromptSet(db);
    const items = await db.prisma.promptItem.findMany({ where: { setId: set.id }, include: { images: true } });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ category: "failure", metadata: { failureCaseId: first?.id } });
    expect(items[0]?.images).toHaveLength(1);

    // a third model runs on the set; its answer waits for a grade
    const outsider = ["alpha", "beta", "gamma"].find((m) => m !== first?.models.a && m !== first?.models.b) as string;
    const run = await createRun(db, { set: `${set.name}@${set.version}`, model: outsider });
    expect(await executeRun(db, run.id)).toMatchObject({ status: "done", answered: 1 });
    const answers = await failures.failureRunAnswers(db);
    expect(answers).toEqual([{ caseId: first?.id, modelId: outsider, answer: expect.stringMatching(/triangles/) }]);
    await failures.markFailureAnswer(
      db,
      first?.id as string,
      { modelId: outsider, solved: true, answer: answers[0]?.answer },
      "staff",
    );

    const grid = failures.failureGrid(await failures.failureCases(db));
    expect(grid.models).toEqual(["alpha", "beta", "gamma"]);
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0]?.marks).toEqual(grid.models.map((m) => (m === outsider ? "O" : "X")));
    expect(grid.failedAll.sort()).toEqual([first?.models.a, first?.models.b].sort());
  });
});
