// Cohorts (issue 69): a class's or a lab's tag (`?c=<name>`) on its battles. Stored on the battles opened under it;
// a malformed tag refused; the cohort's own board from its votes alone; the public boards without its votes unless
// the operator says so (setting board.cohortVotes); exports without its battles unless asked, then with the tag.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cohortBoard, cohortSummaries, parseCohort } from "../../lib/cohorts";
import { exportDataset } from "../../lib/export/export";
import { currentSnapshot } from "../../lib/leaderboard";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { writeSetting } from "../../lib/settings";
import { answerAndVote, openImageBattle } from "../support/battles";
import { type ArenaFixture, startArena } from "./arena-fixture";

let arena: ArenaFixture;

beforeAll(async () => {
  arena = await startArena("cohorts", { alpha: "A plain square.", beta: "One colour, nothing else." });
}, 60_000);
afterAll(() => arena.close());

/** A voted battle from a new visitor, under `cohort` (or none). */
async function votedBattle(colour: string, cohort?: string) {
  const battle = await openImageBattle(arena.db, { prompt: "What colour is this?", background: colour, cohort });
  await answerAndVote(arena.db, battle, "model_a");
  return battle.id;
}

describe("cohorts", () => {
  it("a tag is 2–32 lowercase letters, digits or hyphens; anything else is refused with what a tag may be", () => {
    expect(parseCohort("class-7a")).toBe("class-7a");
    expect(parseCohort(undefined)).toBeUndefined();
    expect(parseCohort("")).toBeUndefined();
    for (const bad of ["Class", "a", "-lab", "lab tag", "x".repeat(33), "lab\u0000", "../etc"])
      expect(() => parseCohort(bad), bad).toThrow(/2–32 lowercase letters/);
  });

  it("stores the tag, keeps the cohort's votes off the public board and exports unless asked, and gives it a board of its own", async () => {
    const plain = await votedBattle("#1f77b4");
    const tagged = [await votedBattle("#ff7f0e", "class-7a"), await votedBattle("#2ca02c", "class-7a")];
    expect((await arena.db.prisma.conversation.findUnique({ where: { id: tagged[0] } }))?.cohort).toBe("class-7a");
    expect((await arena.db.prisma.conversation.findUnique({ where: { id: plain } }))?.cohort).toBeNull();

    // the public board: the plain battle only, the cohort's two votes counted as excluded
    await recomputeSnapshots(arena.db, { rounds: 0 });
    const board = await currentSnapshot(arena.db, "overall", false);
    expect(board?.voteCount).toBe(1);
    const row = await arena.db.prisma.leaderboardSnapshot.findUnique({ where: { id: board?.id } });
    expect((row?.excluded as { cohort?: number } | undefined)?.cohort).toBe(2);
    // the operator counts them: the next recompute has all three
    await writeSetting(arena.db, "board.cohortVotes", true);
    await recomputeSnapshots(arena.db, { rounds: 0 });
    expect((await currentSnapshot(arena.db, "overall", false))?.voteCount).toBe(3);
    await writeSetting(arena.db, "board.cohortVotes", null);

    // the cohort's own board: its two votes, both models, intervals around each score
    const own = await cohortBoard(arena.db, "class-7a", 20);
    expect(own.votes).toBe(2);
    expect(own.models.map((m) => m.model).sort()).toEqual(["alpha", "beta"]);
    for (const m of own.models) expect(m.ciLower).toBeLessThanOrEqual(m.rating);
    expect(await cohortSummaries(arena.db)).toEqual([
      expect.objectContaining({ name: "class-7a", battles: 2, votes: 2 }),
    ]);
    await expect(cohortBoard(arena.db, "class-8b")).rejects.toThrow(/no battle carries the cohort 'class-8b'/);
    await expect(cohortBoard(arena.db, "Bad Tag")).rejects.toThrow(/2–32 lowercase letters/);

    // exports: without the cohort by default; with it, each battle carrying its tag
    const read = async (cohorts: boolean) => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), "cohort-export-"));
      await exportDataset(arena.db, { outDir: out, formats: ["jsonl"], images: false, filters: { cohorts } });
      const lines = fs.readFileSync(path.join(out, "battles.jsonl"), "utf8").trim().split("\n");
      return lines.map((l) => JSON.parse(l) as { question_id: string; cohort: string | null });
    };
    expect((await read(false)).map((b) => [b.question_id, b.cohort])).toEqual([[plain, null]]);
    const all = await read(true);
    expect(all.map((b) => b.cohort).sort()).toEqual(["class-7a", "class-7a", null]);
  }, 90_000);
});
