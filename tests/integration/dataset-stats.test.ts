// The paper's dataset figures on /data: every number checked against counts computed here another way (Prisma
// reads and JavaScript), over real battles, votes and chats made through the arena, with what the release leaves
// out (a banned visitor, an uncounted vote) seeded too.
import "./fastchat-board";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptTerms, addFollowUp, castVote, openConversation, prepareTurn, streamTurn } from "../../lib/arena";
import { LEADERBOARD_TAGS, RULES_LABELLER } from "../../lib/categories/names";
import { countNamedEntities } from "../../lib/categories/specificity";
import { tagBattles, untaggedBattles } from "../../lib/categories/tagger";
import {
  computeDatasetStatistics,
  currentDatasetStatistics,
  datasetCharts,
  latestDatasetStatistics,
  latestDatasetTopics,
  refreshDatasetStatistics,
  STYLE_RANK_DROP,
  statisticsMarkdown,
} from "../../lib/dataset-stats";
import { computeDatasetTopics, refreshDatasetTopics } from "../../lib/dataset-stats/topics";
import type { Db } from "../../lib/db";
import { exportDataset } from "../../lib/export/export";
import { currentSnapshot } from "../../lib/leaderboard";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { countTokens } from "../../lib/text/tokens";
import { type ArenaFixture, startArena } from "./arena-fixture";

let db: Db;
let arena: ArenaFixture;
let dataDir: string;
const WINNERS = ["model_a", "model_b", "tie", "tie (bothbad)", "model_a"] as const;

const png = (colour: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function answer(id: string, visitorId: string) {
  await new Response(streamTurn(db, await prepareTurn(db, { conversationId: id, visitorId }))).text();
}

beforeAll(async () => {
  arena = await startArena("data", {
    alpha: "## Orange\nAn **orange** square with a long description of it.",
    beta: "It is orange.",
    gamma: "I can't help with that.",
  });
  ({ db, dataDir } = arena);
  const images = [await png("#ff8800"), await png("#0088ff"), await png("#00aa44")];
  const battles: string[] = [];
  for (let i = 0; i < 15; i++) {
    const visitorId = (await acceptTerms(db, null, null)).id;
    const prompt = [
      "¿De qué color es esto? Explícalo por favor.",
      `Read the text on this chart and solve the problem it shows. #${i}`,
      `What colour is this? #${i}`,
    ][i % 3] as string;
    const { id } = await openConversation(db, {
      visitorId,
      ipHash: null,
      mode: "battle",
      prompt,
      uploads: [{ name: "x.png", bytes: images[i % 3] as Buffer }],
    });
    await answer(id, visitorId);
    if (i % 4 === 0) {
      await addFollowUp(db, { conversationId: id, visitorId, ipHash: null, prompt: "And the shape?" });
      await answer(id, visitorId);
    }
    await castVote(db, { conversationId: id, visitorId, winner: WINNERS[i % 5] as never, ipHash: null });
    battles.push(id);
    if (i < 4) {
      // direct chats with a chosen model, one of them two turns long
      const chat = await openConversation(db, {
        visitorId,
        ipHash: null,
        mode: "direct",
        prompt: `Describe it ${i}`,
        uploads: [{ name: "x.png", bytes: images[0] as Buffer }],
        modelA: ["alpha", "beta", "gamma", "alpha"][i] as string,
      });
      await answer(chat.id, visitorId);
      if (i === 1) {
        await addFollowUp(db, { conversationId: chat.id, visitorId, ipHash: null, prompt: "More" });
        await answer(chat.id, visitorId);
      }
    }
  }
  // left out of the release: a banned visitor's battle and a vote an integrity rule did not count
  const banned = (await acceptTerms(db, null, null)).id;
  const bannedBattle = await openConversation(db, {
    visitorId: banned,
    ipHash: null,
    mode: "battle",
    prompt: "hidden",
    uploads: [{ name: "x.png", bytes: images[1] as Buffer }],
  });
  await answer(bannedBattle.id, banned);
  await castVote(db, { conversationId: bannedBattle.id, visitorId: banned, winner: "model_a", ipHash: null });
  await db.prisma.visitor.update({ where: { id: banned }, data: { bannedAt: new Date() } });
  await db.prisma.vote.update({ where: { conversationId: battles[14] as string }, data: { counted: false } });
  const chats = await db.prisma.conversation.findMany({ where: { mode: "direct" }, select: { id: true } });
  // the sweep picks up voted battles and answered chats alike
  expect((await untaggedBattles(db, [RULES_LABELLER], 100)).sort()).toEqual(
    [...battles, bannedBattle.id, ...chats.map((c) => c.id)].sort(),
  );
  await tagBattles(db, [...battles, bannedBattle.id, ...chats.map((c) => c.id)], { judge: null });
  expect(await untaggedBattles(db, [RULES_LABELLER], 100)).toEqual([]);
});

afterAll(() => arena.close());

/** The released battles and chats, read through Prisma and filtered in JavaScript: the other way to count. */
async function released() {
  const votes = await db.prisma.vote.findMany({
    include: { conversation: { include: { visitor: true, messages: { include: { response: true, images: true } } } } },
  });
  const battles = votes.filter(
    (v) =>
      v.counted &&
      !v.conversation.isDemo &&
      !["flagged", "banned"].includes(v.conversation.moderationStatus) &&
      !v.conversation.visitor?.bannedAt,
  );
  const chats = (
    await db.prisma.conversation.findMany({
      where: { mode: "direct" },
      include: { visitor: true, messages: { include: { response: true, images: true } } },
    })
  ).filter(
    (c) =>
      !c.isDemo &&
      !c.visitor?.bannedAt &&
      !["flagged", "banned"].includes(c.moderationStatus) &&
      c.messages.some((m) => m.response?.finishReason),
  );
  return { battles, chats };
}

const tally = (keys: string[]) => {
  const out = new Map<string, number>();
  for (const k of keys) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("dataset statistics", () => {
  it("match counts made another way, figure by figure", async () => {
    const stats = await computeDatasetStatistics(db);
    const { battles, chats } = await released();
    expect(battles).toHaveLength(14);
    expect(chats).toHaveLength(4);

    // Table 1
    const [battleRow, chatRow] = stats.datasets;
    const answers = (
      convs: {
        messages: {
          role: string;
          superseded: boolean;
          response: { tokens: number | null; finishReason: string | null } | null;
        }[];
      }[],
    ) =>
      convs.flatMap((c) =>
        c.messages
          .filter(
            (m) => m.role === "assistant" && !m.superseded && m.response?.finishReason && m.response.tokens !== null,
          )
          .map((m) => m.response?.tokens as number),
      );
    const prompts = async (
      convs: { messages: { role: string; side: string; superseded: boolean; content: string }[] }[],
    ) =>
      Promise.all(
        convs.flatMap((c) =>
          c.messages
            .filter((m) => m.role === "user" && m.side === "a" && !m.superseded)
            .map((m) => countTokens(m.content)),
        ),
      );
    const firstImages = (
      convs: {
        messages: { role: string; side: string; turn: number; images: { imageSha256: string; position: number }[] }[];
      }[],
    ) =>
      convs
        .map(
          (c) =>
            c.messages
              .filter((m) => m.role === "user" && m.side === "a" && m.images.length)
              .sort((x, y) => x.turn - y.turn)[0]
              ?.images.sort((x, y) => x.position - y.position)[0]?.imageSha256,
        )
        .filter(Boolean);
    const battleImages = firstImages(battles.map((b) => b.conversation));
    expect(battleRow).toEqual({
      name: "battle",
      conversations: 14,
      models: new Set(battles.flatMap((b) => [b.modelAId, b.modelBId])).size,
      users: new Set(battles.map((b) => b.conversation.visitorId)).size,
      languages: new Set(battles.map((b) => b.conversation.language).filter(Boolean)).size,
      uniqueImagePercent: (100 * new Set(battleImages).size) / battleImages.length,
      avgTurns: mean(battles.map((b) => b.conversation.turnCount)),
      avgPromptTokens: expect.closeTo(mean(await prompts(battles.map((b) => b.conversation))), 9),
      avgResponseTokens: expect.closeTo(mean(answers(battles.map((b) => b.conversation))), 9),
      humanPreference: true,
    });
    expect(battleRow?.uniqueImagePercent).toBeCloseTo((100 * 3) / 14, 9);
    expect(battleRow?.avgTurns).toBeCloseTo(18 / 14, 9); // battles 0, 4, 8, 12 have two turns
    const chatImages = firstImages(chats);
    expect(chatRow).toEqual({
      name: "chat",
      conversations: 4,
      models: 3,
      users: new Set(chats.map((c) => c.visitorId)).size,
      languages: new Set(chats.map((c) => c.language).filter(Boolean)).size,
      uniqueImagePercent: (100 * new Set(chatImages).size) / chatImages.length,
      avgTurns: 5 / 4,
      avgPromptTokens: expect.closeTo(mean(await prompts(chats)), 9),
      avgResponseTokens: expect.closeTo(mean(answers(chats)), 9),
      humanPreference: false,
    });

    // Figs. 12-14 and 20: battles, chats, answer tokens and refusals per model
    const perModelBattles = tally(battles.flatMap((b) => [b.modelAId, b.modelBId]));
    const perModelChats = tally(chats.map((c) => c.modelAId));
    const labels = await db.prisma.battleCategory.findMany({
      where: { labeller: "rules", value: true, category: { in: ["refusal:a", "refusal:b"] } },
    });
    const releasedIds = new Set(battles.map((b) => b.conversationId));
    const refusals = tally(
      labels
        .filter((l) => releasedIds.has(l.conversationId))
        .map((l) => {
          const b = battles.find((x) => x.conversationId === l.conversationId);
          return (l.category === "refusal:a" ? b?.modelAId : b?.modelBId) as string;
        }),
    );
    expect(refusals.get("gamma")).toBeGreaterThan(0); // gamma's "I can't help with that." is a refusal to the rules
    for (const m of stats.models) {
      expect(m.battles).toBe(perModelBattles.get(m.model) ?? 0);
      expect(m.chats).toBe(perModelChats.get(m.model) ?? 0);
      expect(m.refusals).toBe(refusals.get(m.model) ?? 0);
      const own = battles.flatMap((b) =>
        b.conversation.messages
          .filter(
            (x) =>
              x.role === "assistant" &&
              !x.superseded &&
              x.response?.modelId === m.model &&
              x.response.tokens !== null &&
              x.response.finishReason,
          )
          .map((x) => x.response?.tokens as number),
      );
      expect(m.answers).toBe(own.length);
      expect(m.avgTokens).toBeCloseTo(mean(own), 9);
    }
    expect(stats.models.map((m) => m.model).sort()).toEqual(["alpha", "beta", "gamma"]);

    // Figs. 15-17: languages, outcomes
    expect(new Map(stats.languages.map((l) => [l.key, l.count]))).toEqual(
      tally(battles.map((b) => b.conversation.language ?? "unknown")),
    );
    expect(stats.languages.length).toBeGreaterThan(1); // the Spanish prompts are told apart
    expect(new Map(stats.outcomes.map((o) => [o.key, o.count]))).toEqual(
      tally(battles.map((b) => (b.winner === "tie_bothbad" ? "tie (bothbad)" : b.winner))),
    );

    // Figs. 18-19: turns
    expect(new Map(stats.turns.battles.map((t) => [t.key, t.count]))).toEqual(
      tally(battles.map((b) => String(b.conversation.turnCount))),
    );
    expect(new Map(stats.turns.chats.map((t) => [t.key, t.count]))).toEqual(
      tally(chats.map((c) => String(c.turnCount))),
    );

    // the refusal prompt labels: A, B, both, none
    const sides = new Map<string, { a: boolean; b: boolean }>();
    for (const l of await db.prisma.battleCategory.findMany({
      where: { labeller: "rules", category: { in: ["refusal:a", "refusal:b"] } },
    })) {
      if (!releasedIds.has(l.conversationId)) continue;
      const entry = sides.get(l.conversationId) ?? { a: false, b: false };
      if (l.category === "refusal:a") entry.a ||= l.value;
      else entry.b ||= l.value;
      sides.set(l.conversationId, entry);
    }
    const s = [...sides.values()];
    expect(stats.refusals).toEqual({
      A: s.filter((x) => x.a && !x.b).length,
      B: s.filter((x) => !x.a && x.b).length,
      both: s.filter((x) => x.a && x.b).length,
      none: s.filter((x) => !x.a && !x.b).length,
    });

    // Fig. 24: category overlap, as the leaderboard reads the labels
    const tags = await db.prisma.battleCategory.findMany({ where: { labeller: "rules", value: true } });
    const byBattle = new Map<string, Set<string>>();
    for (const t of tags) {
      if (!releasedIds.has(t.conversationId)) continue;
      byBattle.set(t.conversationId, (byBattle.get(t.conversationId) ?? new Set()).add(t.category));
    }
    const { categories, counts, battles: perCategory } = stats.categoryOverlap;
    expect(categories).toEqual(expect.arrayContaining(["ocr", "diagram", "homework"]));
    categories.forEach((x, i) => {
      expect(perCategory[i]).toBe([...byBattle.values()].filter((set) => set.has(x)).length);
      categories.forEach((y, j) => {
        expect(counts[i]?.[j]).toBe([...byBattle.values()].filter((set) => set.has(x) && set.has(y)).length);
      });
    });

    // Fig. 5 for battles and chats: conversations per category
    const chatIds = new Set(chats.map((c) => c.id));
    const perKind = (ids: Set<string>) =>
      tally(tags.filter((t) => ids.has(t.conversationId) && LEADERBOARD_TAGS.has(t.category)).map((t) => t.category));
    expect(new Map(stats.categories.battles.map((c) => [c.key, c.count]))).toEqual(perKind(releasedIds));
    expect(new Map(stats.categories.chats.map((c) => [c.key, c.count]))).toEqual(perKind(chatIds));
    expect(stats.categories.battles.length).toBeGreaterThan(0);

    // every figure has its chart
    const ids = datasetCharts(stats).map((c) => c.id);
    for (const id of ["battles-per-model", "chats-per-model", "tokens-per-model", "battles-per-language", "outcomes"])
      expect(ids).toContain(id);
    for (const id of ["battle-turns", "chat-turns", "refusals-per-model", "refusal-labels"]) expect(ids).toContain(id);
  });

  it("are stored and served fresh, and stated in every export's datasheet", async () => {
    const first = await currentDatasetStatistics(db);
    expect((await latestDatasetStatistics(db))?.createdAt).toEqual(first.createdAt);
    // within the interval the stored figures are served as they are
    expect((await currentDatasetStatistics(db)).createdAt).toEqual(first.createdAt);
    const out = path.join(dataDir, "export");
    await exportDataset(db, { outDir: out, salt: "salt-123456", batchSize: 5 });
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toContain("## Dataset statistics");
    expect(readme).toContain(
      statisticsMarkdown(first.statistics, first.createdAt)
        .split("\n")
        .find((l) => l.startsWith("| battle |")),
    );
    expect(readme).toMatch(/\| alpha \| \d+ \| 2 \|/); // alpha: two direct chats
  });

  it("carry each model's overall rank with and without style control once the boards exist (Fig. 13's bold)", async () => {
    await recomputeSnapshots(db, { rounds: 10, seed: 0 });
    const fresh = await refreshDatasetStatistics(db);
    const plain = await currentSnapshot(db, "overall", false);
    const style = await currentSnapshot(db, "overall", true);
    for (const m of fresh?.statistics.models ?? []) {
      const rankPlain = plain?.payload.models.find((x) => x.model === m.model)?.rank;
      const rankStyle = style?.payload.models.find((x) => x.model === m.model)?.rank;
      expect(m.rankPlain).toBe(rankPlain);
      expect(m.rankStyle).toBe(rankStyle);
      expect(m.styleRankDrop).toBe((rankStyle as number) - (rankPlain as number) >= STYLE_RANK_DROP);
    }
    expect(fresh?.statistics.models.every((m) => typeof m.rankPlain === "number")).toBe(true);
  });

  it("cluster the first prompts of battles and chats into named topics with examples, stored for /data", async () => {
    const { battles, chats } = await released();
    const topics = await computeDatasetTopics(db);
    expect(topics.embedder).toBe("local:tfidf+sharp");
    expect(topics.battles.pool).toBe(battles.length);
    expect(topics.chats.pool).toBe(chats.length);
    const prompts = new Set(
      battles.flatMap((b) =>
        b.conversation.messages.filter((m) => m.role === "user" && m.turn === 1).map((m) => m.content),
      ),
    );
    expect(topics.battles.topics.length).toBeGreaterThan(0);
    for (const topic of topics.battles.topics) {
      expect(topic.name).not.toBe("");
      expect(topic.size).toBeGreaterThan(0);
      expect(topic.share).toBeCloseTo(topic.size / battles.length, 12);
      for (const example of topic.examples) expect(prompts.has(example)).toBe(true);
    }
    expect(topics.battles.topics.reduce((n, t) => n + t.size, 0)).toBeLessThanOrEqual(battles.length);
    // stored by the refresh, fresh until the interval passes, recomputed on demand
    expect(await latestDatasetTopics(db)).toBeNull();
    const stored = await refreshDatasetTopics(db);
    expect(stored?.battles.topics.map((t) => t.name)).toEqual(topics.battles.topics.map((t) => t.name));
    expect((await latestDatasetTopics(db))?.topics.battles.pool).toBe(battles.length);
    expect(await refreshDatasetTopics(db)).toBeNull();
    expect(await refreshDatasetTopics(db, { force: true })).not.toBeNull();
  });

  it("count each answer's named entities as battles are labelled, export them, and control for them when asked", async () => {
    const metas = await db.prisma.responseMeta.findMany({
      where: { message: { conversation: { vote: { isNot: null } } } },
      include: { message: true },
    });
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta.entityCount).toBe(countNamedEntities(meta.message.content));
    const out = path.join(dataDir, "export-entities");
    await exportDataset(db, { outDir: out, salt: "salt-123456", formats: ["jsonl"] });
    const first = JSON.parse(fs.readFileSync(path.join(out, "battles.jsonl"), "utf8").split("\n")[0] as string);
    const answersOf = (side: "a" | "b") =>
      metas.filter(
        (m) => m.message.conversationId === first.question_id && m.message.side === side && !m.message.superseded,
      );
    expect(first.conv_metadata.entity_count_a).toBe(answersOf("a").reduce((n, m) => n + (m.entityCount ?? 0), 0));
    expect(first.conv_metadata.entity_count_b).toBe(answersOf("b").reduce((n, m) => n + (m.entityCount ?? 0), 0));
    // the live style boards: FastChat's four by default, specificity added per category when configured
    process.env.ARENA_STYLE_FEATURES = "length,markdown,specificity";
    try {
      await recomputeSnapshots(db, { rounds: 10, seed: 0 });
      for (const category of ["overall", "ocr"]) {
        const board = await currentSnapshot(db, category, true);
        expect(board?.payload.styleCoefficients?.map((c) => c.feature)).toEqual([
          "tokens",
          "headers",
          "lists",
          "bold",
          "specificity",
        ]);
      }
    } finally {
      delete process.env.ARENA_STYLE_FEATURES;
    }
  });
});
