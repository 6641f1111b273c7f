// A visitor's own data (issue 69): everything stored about them as one archive, and its deletion: their battles,
// votes and reactions gone, their pictures gone unless another battle holds them, their votes out of the next
// snapshot, the audit trail saying a deletion happened and how much, never what.
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { castVote, openConversation, prepareTurn, reactToAnswer, streamTurn } from "../../lib/arena";
import { createApiToken } from "../../lib/auth";
import { imageStore } from "../../lib/images";
import { currentSnapshot } from "../../lib/leaderboard";
import { snapshotTick } from "../../lib/leaderboard/scheduler";
import { accountData, deleteAccount, deletePersonalData, personalArchive, personalData } from "../../lib/privacy";
import { openImageBattle, solidPng } from "../support/battles";
import { type ArenaFixture, startArena } from "./arena-fixture";

let arena: ArenaFixture;

beforeAll(async () => {
  // answers that name no model: a vote on them is anonymous, and counts
  arena = await startArena("privacy", { alpha: "A plain square.", beta: "One colour, nothing else." });
}, 60_000);
afterAll(() => arena.close());

async function answered(conversationId: string, visitorId: string) {
  await new Response(streamTurn(arena.db, await prepareTurn(arena.db, { conversationId, visitorId }))).text();
}

describe("a visitor's own data", () => {
  it("is downloaded whole, then deleted: battles, votes and own pictures gone, shared pictures kept, the board without the votes", async () => {
    // the visitor's first battle on a picture another visitor also sends, the second on a picture of their own
    const first = await openImageBattle(arena.db, { prompt: "What colour is this?", background: "#2ca02c" });
    const visitorId = first.visitorId;
    const own = await solidPng("#9467bd");
    const { id: second } = await openConversation(arena.db, {
      visitorId,
      ipHash: null,
      mode: "battle",
      prompt: "And this one?",
      uploads: [{ name: "mine.png", bytes: own }],
    });
    const other = await openImageBattle(arena.db, { prompt: "Same picture, someone else", background: "#2ca02c" });
    for (const [id, who] of [
      [first.id, visitorId],
      [second, visitorId],
      [other.id, other.visitorId],
    ] as const) {
      await answered(id, who);
      await castVote(arena.db, { conversationId: id, visitorId: who, winner: "model_a", ipHash: null });
    }
    await reactToAnswer(arena.db, { conversationId: second, visitorId, side: "b", reason: "not_there" });
    // the scheduler's own check, as the jobs process runs it each interval (not a recompute asked for)
    expect((await snapshotTick(arena.db, { rounds: 0 })).reason).toBe("recomputed");
    expect((await snapshotTick(arena.db, { rounds: 0 })).reason).toBe("no_new_votes");
    const before = await currentSnapshot(arena.db, "overall", false);

    // the download: the README, data.json with both battles and their votes, and both pictures
    const data = await personalData(arena.db, visitorId);
    expect(data.conversations.map((c) => c.id).sort()).toEqual([first.id, second].sort());
    expect(data.conversations.every((c) => c.vote?.winner === "model_a")).toBe(true);
    expect(data.conversations.find((c) => c.id === second)?.reactions).toEqual([
      { side: "b", reason: "not_there", note: null },
    ]);
    expect(data.conversations.find((c) => c.id === second)?.messages[0]).toMatchObject({
      role: "user",
      content: "And this one?",
    });
    const zip = unzipSync(
      new Uint8Array(await new Response(await personalArchive(arena.db, { visitorId, userId: null })).arrayBuffer()),
    );
    const names = Object.keys(zip).sort();
    expect(names).toContain("vision-arena-my-data/data.json");
    expect(names).toContain("vision-arena-my-data/README.txt");
    expect(names.filter((n) => n.includes("/images/"))).toHaveLength(2);
    const json = JSON.parse(new TextDecoder().decode(zip["vision-arena-my-data/data.json"]));
    expect(json.visitor.id).toBe(visitorId);
    expect(JSON.stringify(json)).not.toContain("storageKey");

    // the deletion
    const images = await arena.db.prisma.image.findMany({
      where: { sha256: { in: data.images.map((i) => i.sha256) } },
    });
    const ownImage = images.find((i) =>
      data.conversations.find((c) => c.id === second)?.messages[0]?.images.includes(i.sha256),
    );
    const sharedImage = images.find((i) => i.sha256 !== ownImage?.sha256);
    const deleted = await deletePersonalData(arena.db, visitorId);
    expect(deleted).toEqual({ conversations: 2, votes: 2, likes: 0, images: 1 });
    expect(await arena.db.prisma.conversation.count({ where: { visitorId } })).toBe(0);
    expect(await arena.db.prisma.vote.count({ where: { visitorId } })).toBe(0);
    expect(await arena.db.prisma.visitor.count({ where: { id: visitorId } })).toBe(0);
    expect(await arena.db.prisma.image.count({ where: { sha256: ownImage?.sha256 } })).toBe(0);
    expect(await imageStore().get(ownImage?.storageKey as string)).toBeNull();
    expect(await arena.db.prisma.image.count({ where: { sha256: sharedImage?.sha256 } })).toBe(1);
    expect(await imageStore().get(sharedImage?.storageKey as string)).not.toBeNull();
    // the other visitor's battle is untouched
    expect(await arena.db.prisma.conversation.count({ where: { id: other.id } })).toBe(1);
    // the audit trail: that a deletion happened and its size, not whose or what
    const audit = await arena.db.prisma.auditEntry.findMany({ where: { action: "visitor.data_deleted" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual(deleted);
    expect(JSON.stringify(audit)).not.toContain(visitorId);

    // the deletion is news to the scheduler as a vote is (no vote is newer than the last snapshot), and the next
    // snapshot counts the other visitor's vote only
    expect((await snapshotTick(arena.db, { rounds: 0 })).reason).toBe("recomputed");
    const after = await currentSnapshot(arena.db, "overall", false);
    expect(before?.voteCount).toBe(3);
    expect(after?.voteCount).toBe(1);
    // and a second deletion finds nothing
    expect(await deletePersonalData(arena.db, visitorId)).toEqual({ conversations: 0, votes: 0, likes: 0, images: 0 });
  }, 60_000);

  it("a signed-in person's account: downloaded without a secret, deleted with its sign-ins and tokens; an admin's refused", async () => {
    const user = await arena.db.prisma.user.create({
      data: { email: "reader@lab.test", name: "A Reader", role: "researcher", passwordHash: "scrypt$secret" },
    });
    await arena.db.prisma.account.create({
      data: { userId: user.id, type: "oidc", provider: "uni", providerAccountId: "u-1", access_token: "tok-secret" },
    });
    const token = await createApiToken(arena.db, user.id, "analysis script");
    const data = await accountData(arena.db, user.id);
    expect(data).toMatchObject({ email: "reader@lab.test", role: "researcher", signIns: ["uni"] });
    expect(data?.apiTokens).toEqual([expect.objectContaining({ name: "analysis script", revokedAt: null })]);
    // the archive carries the account, and no password hash, provider token or API token
    const zip = unzipSync(
      new Uint8Array(
        await new Response(await personalArchive(arena.db, { visitorId: null, userId: user.id })).arrayBuffer(),
      ),
    );
    const text = new TextDecoder().decode(zip["vision-arena-my-data/data.json"]);
    expect(JSON.parse(text).account.email).toBe("reader@lab.test");
    for (const secret of ["scrypt$secret", "tok-secret", token.token]) expect(text).not.toContain(secret);

    expect(await deleteAccount(arena.db, user.id)).toBe(true);
    expect(await arena.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await arena.db.prisma.account.count({ where: { userId: user.id } })).toBe(0);
    expect(await arena.db.prisma.apiToken.count({ where: { userId: user.id } })).toBe(0);
    const audit = await arena.db.prisma.auditEntry.findMany({ where: { action: "account.data_deleted" } });
    expect(audit.map((a) => a.details)).toEqual([{ role: "researcher" }]);
    expect(JSON.stringify(audit)).not.toContain("reader@lab.test");
    expect(await deleteAccount(arena.db, user.id)).toBe(false);

    const admin = await arena.db.prisma.user.create({ data: { email: "boss@lab.test", role: "admin" } });
    await expect(deleteAccount(arena.db, admin.id)).rejects.toMatchObject({ kind: "conflict", code: "admin_account" });
    expect(await arena.db.prisma.user.count({ where: { id: admin.id } })).toBe(1);
  });
});
