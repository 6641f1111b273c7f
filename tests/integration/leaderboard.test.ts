// Votes written through the arena become snapshots with the same ratings as the engine gives on those battles.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { castVote } from "../../lib/arena";
import { closeDb, createDb, type Db } from "../../lib/db";
import { applyMigrations } from "../../lib/db/migrate";
import { demoBattleCount } from "../../lib/export";
import { currentSnapshot, type GroundTruthComponent, leaderboardResponse } from "../../lib/leaderboard";
import { loadLiveBattles } from "../../lib/leaderboard/battles";
import { methodChanges } from "../../lib/leaderboard/methodology";
import { modelProfile } from "../../lib/leaderboard/model-profile";
import { recomputeSnapshots } from "../../lib/leaderboard/recompute";
import { replacePayloads } from "../../lib/leaderboard/run-snapshots";
import { compareRuns, listRuns, publishRun, unpublishAll } from "../../lib/leaderboard/runs";
import { snapshotTick } from "../../lib/leaderboard/scheduler";
import { clearCache } from "../../lib/leaderboard/ttl-cache";
import { createRandom } from "../../lib/numeric";
import { BattleTable, computeLeaderboard, roundedRating, selectRows, type Winner } from "../../lib/ratings";
import { compositeLeaderboard } from "../../lib/ratings/composite-board";
import { PROBE_IDS } from "../../lib/ratings/evidence";
import type { StyleFeature } from "../../lib/ratings/types";
import { writeSetting } from "../../lib/settings";
import { scratchDatabase } from "./db-admin";
import { runCli } from "./run-cli";
import { runPayloads } from "./run-payloads";

let db: Db;
let url: string;
let dropDatabase: () => Promise<void>;
const MODELS = ["lb-alpha", "lb-beta", "lb-gamma"];
const expectedBattles: { modelA: string; modelB: string; winner: Winner; style: number[] }[] = [];

async function votedBattle(options: {
  a: string;
  b: string;
  winner: Winner;
  demo?: boolean;
  mode?: "battle" | "side_by_side";
  banned?: boolean;
  style: number[];
}) {
  const visitor = await db.prisma.visitor.create({
    data: { termsAcceptedAt: new Date() },
  });
  const [ta, ha, la, ba, tb, hb, lb, bb] = options.style;
  const conversation = await db.prisma.conversation.create({
    data: {
      mode: options.mode ?? "battle",
      visitorId: visitor.id,
      modelAId: options.a,
      modelBId: options.b,
      turnCount: 1,
      isDemo: options.demo ?? false,
      language: "English",
      messages: {
        create: [
          {
            side: "a",
            turn: 1,
            role: "assistant",
            content: "answer a",
            response: {
              create: {
                modelId: options.a,
                finishReason: "stop",
                tokens: ta,
                headerCount: ha,
                listCount: la,
                boldCount: ba,
              },
            },
          },
          {
            side: "b",
            turn: 1,
            role: "assistant",
            content: "answer b",
            response: {
              create: {
                modelId: options.b,
                finishReason: "stop",
                tokens: tb,
                headerCount: hb,
                listCount: lb,
                boldCount: bb,
              },
            },
          },
        ],
      },
    },
  });
  await castVote(db, { conversationId: conversation.id, visitorId: visitor.id, winner: options.winner, ipHash: null });
  // banned after voting (a banned visitor's new votes are refused): the vote stays stored, left out of the board
  if (options.banned) await db.prisma.visitor.update({ where: { id: visitor.id }, data: { bannedAt: new Date() } });
}

beforeAll(async () => {
  // a database of its own: other files' votes must not reach these snapshots
  const scratch = await scratchDatabase(inject("serverUrl"));
  url = scratch.url;
  dropDatabase = scratch.drop;
  await applyMigrations(url);
  db = createDb(url);
  await db.prisma.provider.upsert({ where: { id: "lb" }, create: { id: "lb", type: "demo" }, update: {} });
  for (const id of MODELS) {
    await db.prisma.model.create({
      data: { id, providerId: "lb", providerModelId: id, displayName: id.toUpperCase(), organization: "Org" },
    });
  }
  const rand = createRandom(4);
  const winners: Winner[] = ["model_a", "model_b", "tie", "tie (bothbad)"];
  for (let i = 0; i < 90; i++) {
    const a = MODELS[i % 3] as string;
    const b = MODELS[(i + 1 + (i % 2)) % 3] as string;
    const strength = (m: string) => MODELS.indexOf(m);
    const u = rand();
    const winner: Winner =
      u < 0.15
        ? (winners[2 + (i % 2)] as Winner)
        : u < 0.15 + 0.85 * (0.3 + 0.2 * (strength(a) - strength(b)))
          ? "model_a"
          : "model_b";
    const style = [
      100 + Math.floor(rand() * 400),
      Math.floor(rand() * 3),
      Math.floor(rand() * 6),
      Math.floor(rand() * 4),
      100 + Math.floor(rand() * 400),
      Math.floor(rand() * 3),
      Math.floor(rand() * 6),
      Math.floor(rand() * 4),
    ];
    await votedBattle({ a, b, winner, style });
    expectedBattles.push({ modelA: a, modelB: b, winner, style });
  }
  // votes that must not count
  const style = [1, 0, 0, 0, 1, 0, 0, 0];
  await votedBattle({ a: "lb-alpha", b: "lb-beta", winner: "model_a", demo: true, style });
  await votedBattle({ a: "lb-alpha", b: "lb-beta", winner: "model_a", mode: "side_by_side", style });
  await votedBattle({ a: "lb-alpha", b: "lb-beta", winner: "model_a", banned: true, style });
});
afterAll(async () => {
  await closeDb(db);
  await dropDatabase();
});

describe("leaderboard snapshots", () => {
  it("match the rating engine on the counted battles, with and without style control, and count what was left out", async () => {
    const started = performance.now();
    const result = await recomputeSnapshots(db, { rounds: 20 });
    const wall = (performance.now() - started) / 1000;
    // where the time went: every part is reported and the parts do not overlap (their sum fits in the call).
    // How much of the wall time they cover is a benchmark's figure (bench:leaderboard), not a test's.
    const parts = Object.values(result.split);
    expect(parts.every((t) => Number.isFinite(t) && t >= 0)).toBe(true);
    expect(result.split.boards).toBeGreaterThan(0);
    expect(result.boardSeconds.plainBoards).toBeGreaterThan(0);
    expect(result.boardSeconds.styleBoards).toBeGreaterThan(0);
    expect(parts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(wall + 1e-6);
    expect(result.votes).toBe(93);
    expect(result.excluded).toEqual({
      demo: 1,
      notAnonymous: 1,
      moderation: 0,
      bannedVisitor: 1,
      notCounted: 0,
      cohort: 0,
    });
    // the number the board, /data, /research and /about quote for the demo battles they leave out
    expect(await demoBattleCount(db)).toBe(result.excluded.demo);
    expect(result.snapshots.map((s) => `${s.category}/${s.styleControl}`)).toEqual(
      expect.arrayContaining(["overall/false", "overall/true", "no_tie/false", "language:English/false"]),
    );
    const table = BattleTable.from(
      expectedBattles.map((b) => ({ modelA: b.modelA, modelB: b.modelB, winner: b.winner, style: b.style as never })),
    );
    for (const styleControl of [false, true]) {
      // the live boards' method: sandwich intervals with reweighted pairs, ranked from 30 votes
      const engine = await computeLeaderboard(table, table.allRows(), {
        styleControl,
        ci: "sandwich",
        reweighted: true,
        listing: { minVotes: 30 },
      });
      const snapshot = await currentSnapshot(db, "overall", styleControl);
      expect(snapshot?.voteCount).toBe(90);
      const got = Object.fromEntries(snapshot!.payload.models.map((m) => [m.model, m]));
      for (const m of engine.models) {
        expect(got[m.model]?.rating).toBeCloseTo(m.rating, 2);
        expect(got[m.model]?.ciLower).toBeCloseTo(m.ciLower, 2);
        expect(got[m.model]?.votes).toBe(m.votes);
      }
      expect(got["lb-alpha"]).toMatchObject({ displayName: "LB-ALPHA", organization: "Org", preliminary: false });
      // every model has its rank spread; each but the last its fragility, confirmed by a refit
      for (const m of snapshot!.payload.models) expect(m.rankSpread?.[0]).toBe(m.rank);
      expect(snapshot!.payload.models[0]?.fragility?.votes).toBeGreaterThan(0);
      expect(snapshot!.payload.models.at(-1)?.fragility).toBeNull();
      // the method on record
      expect(snapshot!.payload.method).toMatchObject({
        ci: "sandwich",
        reweighted: true,
        minVotes: 30,
        confidence: 0.95,
        styleFeatures: styleControl ? ["tokens", "headers", "lists", "bold"] : [],
      });
      expect(snapshot!.payload.method?.dataHash).toMatch(/\w{8,}/);
      const matrices = snapshot!.payload.matrices;
      if (styleControl) expect(matrices).toBeUndefined();
      else {
        // rows and columns in ranking order; every battle counted once for each of its two models
        expect(matrices!.battles.flat().reduce((a, b) => a + b, 0)).toBe(2 * 90);
        const order = snapshot!.payload.models.map((m) => m.model);
        const i = order.indexOf("lb-alpha");
        const j = order.indexOf("lb-beta");
        const fraction = matrices!.winFraction[i]?.[j] as number;
        expect(fraction + (matrices!.winFraction[j]?.[i] as number)).toBeCloseTo(1, 3);
      }
    }
  });

  it("give the same ratings as `arena leaderboard` on the counted battles written out as a battle file", async () => {
    // the counted battles in FastChat's clean-battle shape, as an export would write them
    const { rows } = await db.pool.query<{ line: string }>(
      `SELECT json_build_object('model_a', v."modelAId", 'model_b', v."modelBId", 'winner', v.winner::text,
                'anony', v.anonymous, 'tstamp', extract(epoch FROM v."createdAt"),
                'conv_metadata', (SELECT json_build_object(
                   'sum_assistant_a_tokens', SUM(r.tokens) FILTER (WHERE m.side = 'a'),
                   'header_count_a', SUM(r."headerCount") FILTER (WHERE m.side = 'a'),
                   'list_count_a', SUM(r."listCount") FILTER (WHERE m.side = 'a'),
                   'bold_count_a', SUM(r."boldCount") FILTER (WHERE m.side = 'a'),
                   'sum_assistant_b_tokens', SUM(r.tokens) FILTER (WHERE m.side = 'b'),
                   'header_count_b', SUM(r."headerCount") FILTER (WHERE m.side = 'b'),
                   'list_count_b', SUM(r."listCount") FILTER (WHERE m.side = 'b'),
                   'bold_count_b', SUM(r."boldCount") FILTER (WHERE m.side = 'b'))
                   FROM "Message" m JOIN "ResponseMeta" r ON r."messageId" = m.id
                  WHERE m."conversationId" = c.id AND m.role = 'assistant'))::text AS line
         FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId"
         LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
        WHERE v.anonymous AND v.counted AND NOT c."isDemo" AND vis."bannedAt" IS NULL
        ORDER BY v."createdAt"`,
    );
    const file = path.join(os.tmpdir(), `arena-lb-${Date.now()}.jsonl`);
    fs.writeFileSync(file, `${rows.map((r) => r.line).join("\n")}\n`);
    try {
      for (const style of [false, true]) {
        // the live boards' method, from the command line
        const flags = `--format json --ci sandwich --reweighted --min-votes 30${style ? " --style-control" : ""}`;
        const { code, out } = await runCli(["leaderboard", file, ...flags.split(" ")]);
        expect(code).toBe(0);
        const cli = JSON.parse(out) as {
          battles: number;
          models: { model: string; rating: number; ciLower: number | null; ciUpper: number | null; rank: number }[];
        };
        const snapshot = await currentSnapshot(db, "overall", style);
        expect(cli.battles).toBe(snapshot?.voteCount);
        const stored = Object.fromEntries((snapshot?.payload.models ?? []).map((m) => [m.model, m]));
        for (const m of cli.models) {
          // a preliminary model: no interval in either (JSON's null, read back as NaN from the snapshot)
          expect(stored[m.model]).toMatchObject({
            rating: m.rating,
            ciLower: m.ciLower ?? Number.NaN,
            ciUpper: m.ciUpper ?? Number.NaN,
            rank: m.rank,
          });
        }
      }
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("serves JSON and CSV with an ETag that lets clients poll cheaply", async () => {
    process.env.DATABASE_URL = url;
    const { GET } = await import("../../app/api/leaderboard/route");
    const json = await GET(new Request("http://x/api/leaderboard?category=overall&style=1"));
    expect(json.status).toBe(200);
    const body = await json.json();
    expect(body).toMatchObject({ category: "overall", styleControl: true, voteCount: 90 });
    expect(Object.keys(body.models[0])).toEqual(
      expect.arrayContaining([
        "model",
        "rating",
        "ciLower",
        "ciUpper",
        "rank",
        "votes",
        "winRate",
        "organization",
        "license",
      ]),
    );
    expect(body.styleCoefficients).toHaveLength(4);
    expect(body.matrices).toBeUndefined();
    const plain = await (await GET(new Request("http://x/api/leaderboard?include=matrices,summary"))).json();
    expect(plain.matrices.battles).toHaveLength(body.models.length);
    expect(plain.summary.map((c: { category: string }) => c.category)).toContain("overall");
    expect((await GET(new Request("http://x/api/leaderboard?include=secrets"))).status).toBe(400);
    const etag = json.headers.get("etag") as string;
    const again = await GET(
      new Request("http://x/api/leaderboard?category=overall&style=1", { headers: { "If-None-Match": etag } }),
    );
    expect(again.status).toBe(304);
    const csv = await GET(new Request("http://x/api/leaderboard?format=csv"));
    expect(csv.headers.get("content-type")).toContain("text/csv");
    // the licence, the citation line and the snapshot's time as comment lines, then the header
    const lines = (await csv.text()).split("\n");
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^# licence: /),
      expect.stringMatching(/^# citation: Vision Arena/),
      `# as_of: ${body.snapshotTime}`,
    ]);
    expect(lines[3]).toBe(
      "rank,model,display_name,rating,ci_lower,ci_upper,votes,win_rate,organization,license,preliminary,retired,rank_best,rank_worst,fragility_votes,fragility_with,method,tier",
    );
    expect(body).toMatchObject({ licence: expect.any(String), citation: expect.any(String), as_of: body.snapshotTime });
    expect((await GET(new Request("http://x/api/leaderboard?category=nothing"))).status).toBe(404);
    expect((await GET(new Request("http://x/api/leaderboard?style=2"))).status).toBe(400);
  });

  it("are recomputed by the scheduler only after new votes, by one instance at a time", async () => {
    expect((await snapshotTick(db, { rounds: 5 })).reason).toBe("no_new_votes");
    await votedBattle({ a: "lb-beta", b: "lb-gamma", winner: "model_b", style: [10, 0, 0, 0, 20, 1, 1, 1] });
    const other = await db.pool.connect();
    try {
      await other.query("SELECT pg_advisory_lock($1)", [0x5a_4e_41_50]);
      expect((await snapshotTick(db, { rounds: 5 })).reason).toBe("locked_elsewhere");
    } finally {
      await other.query("SELECT pg_advisory_unlock($1)", [0x5a_4e_41_50]);
      other.release();
    }
    const tick = await snapshotTick(db, { rounds: 5 });
    expect(tick).toMatchObject({ ran: true, reason: "recomputed" });
    expect((await currentSnapshot(db, "overall", false))?.voteCount).toBe(91);
    expect((await snapshotTick(db, { rounds: 5 })).reason).toBe("no_new_votes");
  });

  it("publish a whole run as the public version until another is published, and compare runs", async () => {
    const older = (await listRuns(db, 1))[0];
    await votedBattle({ a: "lb-alpha", b: "lb-gamma", winner: "model_a", style: [10, 0, 0, 0, 20, 1, 1, 1] });
    await recomputeSnapshots(db, { rounds: 5 });
    const runs = await listRuns(db);
    expect(runs[1]?.runId).toBe(older?.runId);
    const newest = runs[0] as (typeof runs)[number];
    expect(newest.votes).toBe((older?.votes ?? 0) + 1);
    expect(newest.published).toBe(false);

    await publishRun(db, older?.runId as string);
    const served = await currentSnapshot(db, "overall", false);
    expect(served).toMatchObject({ published: true, voteCount: older?.votes });
    expect(served?.payload.runId).toBe(older?.runId);
    // every board of the run is published with it
    expect((await currentSnapshot(db, "overall", true))?.payload.runId).toBe(older?.runId);

    const comparison = await compareRuns(db, older?.runId as string, "latest");
    const alpha = comparison.models.find((m) => m.model === "lb-alpha");
    expect(alpha?.votes[1]).toBe((alpha?.votes[0] ?? 0) + 1);

    await publishRun(db, "latest");
    expect((await currentSnapshot(db, "overall", false))?.payload.runId).toBe(newest.runId);
    expect((await listRuns(db)).filter((r) => r.published).map((r) => r.runId)).toEqual([newest.runId]);
    await unpublishAll(db);
    await expect(publishRun(db, "no-such-run")).rejects.toThrow("no recompute run");

    // the overall board carries the run's summary of every category
    const summary = (await currentSnapshot(db, "overall", false))?.payload.summary ?? [];
    const overall = summary.find((c) => c.category === "overall");
    expect(overall?.battles).toBe(newest.votes);
    expect(Object.keys(overall?.ranks ?? {}).sort()).toEqual(MODELS);
    expect(overall?.styleCoefficients?.map((c) => c.feature)).toHaveLength(4);
  });

  it("record a board that cannot be computed with its run, and still store the others", async () => {
    const failing: typeof computeLeaderboard = (table, rows, options) =>
      options?.styleControl
        ? Promise.reject(new Error("style control needs style counts (conv_metadata), and no battle has them"))
        : computeLeaderboard(table, rows, options);
    const result = await recomputeSnapshots(db, { rounds: 5, computeBoard: failing, reuse: false });
    const styleBoards = result.failed.filter((f) => f.styleControl);
    expect(styleBoards.length).toBeGreaterThan(0);
    expect(result.failed.every((f) => f.styleControl && f.error.startsWith("style control needs"))).toBe(true);
    expect(result.snapshots.every((s) => !s.styleControl)).toBe(true);
    expect(result.snapshots.length).toBe(styleBoards.length);
    const [run] = await listRuns(db, 1);
    expect(run?.snapshots).toBe(result.snapshots.length);
    expect(run?.failedBoards).toEqual(result.failed);
    // a run without failures says so too
    await recomputeSnapshots(db, { rounds: 5 });
    expect((await listRuns(db, 1))[0]?.failedBoards).toEqual([]);
  });

  it("publish the boards before their fragility, write it in when found, and fit again a board left without it", async () => {
    // the boards are fitted without fragility; it is found afterwards by a point fit with it (no intervals)
    const calls: { fragility: boolean; ci: string | undefined }[] = [];
    const fragilityFails: typeof computeLeaderboard = (table, rows, options) => {
      calls.push({ fragility: Boolean(options?.fragility), ci: options?.ci });
      return options?.fragility && options.styleControl
        ? Promise.reject(new Error("no fragility today"))
        : computeLeaderboard(table, rows, options);
    };
    const broken = await recomputeSnapshots(db, { rounds: 5, computeBoard: fragilityFails, reuse: false });
    const boards = broken.snapshots.length;
    expect(calls.slice(0, boards).every((c) => !c.fragility)).toBe(true);
    expect(calls.slice(boards).every((c) => c.fragility && c.ci === "none")).toBe(true);
    expect(broken.failed).toEqual([]);
    expect(broken.fragilityFailed.length).toBe(boards / 2);
    expect(broken.fragilityFailed.every((f) => f.styleControl && f.error === "no fragility today")).toBe(true);
    const plain = await currentSnapshot(db, "overall", false);
    const style = await currentSnapshot(db, "overall", true);
    expect(plain?.payload.fragilityPending).toBeUndefined();
    expect(plain?.payload.models[0]?.fragility?.votes).toBeGreaterThan(0);
    // the board's evidence panel is written in with it: six probes, each with its bar and what it found
    expect(plain?.payload.evidence?.probes.map((p) => p.id)).toEqual([...PROBE_IDS]);
    for (const probe of plain?.payload.evidence?.probes ?? []) expect(probe.bar.length).toBeGreaterThan(20);
    // published, ranked, without fragility until it is found
    expect(style?.payload.fragilityPending).toBe(true);
    expect(style?.payload.models[0]?.rank).toBe(1);
    expect(style?.payload.models.every((m) => m.fragility === null)).toBe(true);
    expect(style?.payload.evidence).toBeUndefined();
    // the same snapshot with its fragility written in is a new version for caches (its ETag changes)
    const { fragilityPending: _, ...written } = style!.payload;
    await replacePayloads(db, [{ id: style!.id, payload: written }]);
    const filled = await currentSnapshot(db, "overall", true);
    expect(filled?.id).toBe(style?.id);
    expect(filled?.etag).not.toBe(style?.etag);
    await replacePayloads(db, [{ id: style!.id, payload: style!.payload }]);

    // the next run fits the pending boards again (never copies them) and reuses the finished ones
    const mended = await recomputeSnapshots(db, { rounds: 5 });
    expect(mended.reused.every((r) => !r.styleControl)).toBe(true);
    expect(mended.reused.length).toBe(boards / 2);
    const fixed = await currentSnapshot(db, "overall", true);
    expect(fixed?.payload.fragilityPending).toBeUndefined();
    expect(fixed?.payload.evidence?.probes).toHaveLength(6);
    expect(fixed?.payload.models[0]?.fragility?.votes).toBeGreaterThan(0);
    // the same fragility as finding it in the fit itself
    const table = (await loadLiveBattles(db)).table;
    const inOneGo = await computeLeaderboard(table, selectRows(table, "overall"), {
      styleControl: true,
      ci: "sandwich",
      reweighted: true,
      listing: { minVotes: 30 },
      fragility: true,
    });
    const byModel = new Map(inOneGo.models.map((m) => [m.model, m.fragility]));
    for (const m of fixed?.payload.models ?? []) {
      if (m.rank !== null) expect(m.fragility).toEqual(byModel.get(m.model) ?? null);
    }
  });

  it("reuse the boards whose battles did not change, equal to fitting them again, and refit the others", async () => {
    const payloads = (runId: string | null) => runPayloads(db, runId);
    const fitted = await recomputeSnapshots(db, { rounds: 5, reuse: false });
    expect(fitted.reused).toEqual([]);
    const copied = await recomputeSnapshots(db, { rounds: 5 });
    expect(copied.reused).toHaveLength(copied.snapshots.length);
    expect(copied.boardSeconds).toEqual({ plainBoards: 0, styleBoards: 0 });
    expect(await payloads(copied.runId)).toEqual(await payloads(fitted.runId));
    // each copy says where it came from
    const copy = await db.prisma.leaderboardSnapshot.findFirst({
      where: { category: "overall", styleControl: true, params: { path: ["runId"], equals: copied.runId as string } },
    });
    const original = await db.prisma.leaderboardSnapshot.findFirst({
      where: { category: "overall", styleControl: true, params: { path: ["runId"], equals: fitted.runId as string } },
    });
    expect((copy?.params as { reusedFrom?: string } | undefined)?.reusedFrom).toBe(original?.id);

    // other rounds, or a new vote in a category: those boards are fitted again, the untouched ones still copied
    expect((await recomputeSnapshots(db, { rounds: 6 })).reused).toEqual([]);
    // a tie: in every board but those without ties
    await votedBattle({ a: "lb-alpha", b: "lb-beta", winner: "tie", style: [5, 0, 0, 0, 9, 0, 2, 0] });
    const after = await recomputeSnapshots(db, { rounds: 6 });
    const reused = after.reused.map((b) => `${b.category}/${b.styleControl}`).sort();
    expect(reused).toEqual(["no_tie/false", "no_tie/true"]);
    const refitted = await recomputeSnapshots(db, { rounds: 6, reuse: false });
    expect(await payloads(after.runId)).toEqual(await payloads(refitted.runId));
  });

  it("write the composite board (votes and weighted ground truth) beside the live ones, as arena-rank fits it (issue 43)", async () => {
    // ground truth from two benchmarks: one the weights name, one they do not; lb-delta has no votes at all
    const pairs = (spec: [string, string, Winner][]) =>
      spec.map(([a, b, winner]) => ({ model_a: a, model_b: b, winner }));
    const truth: GroundTruthComponent[] = [
      {
        benchmark: "mathvista",
        set: "mathvista-testmini@1",
        pairs: pairs([
          ["lb-gamma", "lb-alpha", "model_a"],
          ["lb-gamma", "lb-beta", "tie"],
          ["lb-beta", "lb-alpha", "model_a"],
          ["lb-delta", "lb-alpha", "model_a"],
          ["lb-delta", "lb-gamma", "model_b"],
          ["lb-alpha", "lb-beta", "tie (bothbad)"],
        ]),
      },
      { benchmark: "unweighted", set: "other@1", pairs: pairs([["lb-alpha", "lb-gamma", "model_a"]]) },
    ];
    await writeSetting(db, "board.compositeWeights", { human: 1, benchmarks: { mathvista: 0.5 } });
    // the source's own defaults stand in only when neither the console nor the environment names weights
    const source = {
      components: async () => truth,
      defaultWeights: () => ({ human: 1, benchmarks: { mathvista: 0.25 } }),
    };
    const result = await recomputeSnapshots(db, { rounds: 4, groundTruth: source });
    // the human component is the overall board's battles, as many as the plain board of the same run counts
    const counted = (await currentSnapshot(db, "overall", false))?.voteCount;
    expect(result.composite?.map((c) => [c.kind, c.name, c.weight, c.rows])).toEqual([
      ["human", "votes", 1, counted],
      ["benchmark", "mathvista-testmini@1", 0.5, 6],
    ]);
    const composite = await currentSnapshot(db, "overall", false, "composite");
    expect(composite?.payload.runId).toBe(result.runId);
    // the same board as the fit over the counted battles and the weighted outcomes, directly
    const live = await loadLiveBattles(db);
    const truthTable = BattleTable.from(
      (truth[0] as GroundTruthComponent).pairs.map((p) => ({ modelA: p.model_a, modelB: p.model_b, winner: p.winner })),
    );
    const direct = compositeLeaderboard(
      [
        { table: live.table, rows: selectRows(live.table, "overall"), lossWeight: 1 },
        { table: truthTable, rows: truthTable.allRows(), lossWeight: 0.5 },
      ],
      { scale: 400, base: 10, initRating: 1000 },
    );
    expect(composite?.payload.models.map((m) => m.model)).toEqual(direct.models.map((m) => m.model));
    for (const [k, m] of direct.models.entries()) {
      const got = composite?.payload.models[k];
      expect(got).toMatchObject({
        ...roundedRating(m),
        displayName: m.model === "lb-delta" ? "lb-delta" : m.model.toUpperCase(),
      });
    }
    expect(composite?.payload.models.find((m) => m.model === "lb-delta")?.votes).toBe(0);
    // and with style control on the human battles, as the live style board controls them
    const styled = await currentSnapshot(db, "overall", true, "composite");
    const features = (await currentSnapshot(db, "overall", true))?.payload.method?.styleFeatures as StyleFeature[];
    expect(features.length).toBeGreaterThan(0);
    const directStyled = compositeLeaderboard(
      [
        { table: live.table, rows: selectRows(live.table, "overall"), lossWeight: 1 },
        { table: truthTable, rows: truthTable.allRows(), lossWeight: 0.5 },
      ],
      { scale: 400, base: 10, initRating: 1000, styleFeatures: features },
    );
    expect(styled?.payload.models.map((m) => [m.model, m.rating])).toEqual(
      directStyled.models.map((m) => [m.model, roundedRating(m).rating]),
    );
    expect(styled?.payload.styleCoefficients?.map((c) => c.feature)).toEqual(features);
    // it differs from the plain board: the ground truth moved it
    const plain = await currentSnapshot(db, "overall", false);
    const gap = (board: typeof plain) =>
      (board?.payload.models.find((m) => m.model === "lb-gamma")?.rating ?? 0) -
      (board?.payload.models.find((m) => m.model === "lb-alpha")?.rating ?? 0);
    expect(gap(composite)).not.toBeCloseTo(gap(plain), 0);
    // served by the API's builder with its weights; the live board unchanged by it
    clearCache();
    const body = JSON.parse(
      (await leaderboardResponse(db, { source: "composite", category: "overall", styleControl: false, format: "json" }))
        ?.body as string,
    );
    expect(body).toMatchObject({
      board: "composite",
      composite: { weights: { human: 1, benchmarks: { mathvista: 0.5 } } },
    });
    const liveBody = JSON.parse(
      (await leaderboardResponse(db, { category: "overall", styleControl: false, format: "json" }))?.body as string,
    );
    expect(liveBody.board).toBe("live");
    expect(liveBody.models.map((m: { model: string }) => m.model)).not.toContain("lb-delta");
    // every benchmark weighted 0: no composite board is written (the newest stays the one above)
    await writeSetting(db, "board.compositeWeights", { human: 1, benchmarks: { mathvista: 0 } });
    const none = await recomputeSnapshots(db, { rounds: 4, groundTruth: source });
    expect(none.composite).toBeNull();
    expect((await currentSnapshot(db, "overall", false, "composite"))?.id).toBe(composite?.id);
    await writeSetting(db, "board.compositeWeights", null);
    const defaults = await recomputeSnapshots(db, { rounds: 4, groundTruth: source });
    expect(defaults.composite?.map((c) => [c.name, c.weight])).toEqual([
      ["votes", 1],
      ["mathvista-testmini@1", 0.25],
    ]);
  });

  it("read the same battles in small batches as in one", async () => {
    const whole = await loadLiveBattles(db);
    const seen: number[] = [];
    const batched = await loadLiveBattles(db, { batchSize: 7, onProgress: (n) => seen.push(n) });
    expect(batched.votes).toBe(whole.votes);
    expect(batched.excluded).toEqual(whole.excluded);
    expect(batched.table.size).toBe(whole.table.size);
    expect([...batched.table.outcome]).toEqual([...whole.table.outcome]);
    expect([...batched.table.a].map((i) => batched.table.models[i])).toEqual(
      [...whole.table.a].map((i) => whole.table.models[i]),
    );
    expect([...batched.table.dedupKeep]).toEqual([...whole.table.dedupKeep]);
    expect(seen.length).toBeGreaterThan(10);
    // one connection for the four parts: they take turns, none sent while another runs (node-postgres's queue,
    // which ends in pg 9)
    const narrow = new pg.Pool({ connectionString: url, max: 1 });
    let overlapped = 0;
    narrow.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      let running = 0;
      client.query = ((...args: unknown[]) => {
        if (running > 0) overlapped++;
        running++;
        const result = query(...args);
        result.then(
          () => running--,
          () => running--,
        );
        return result;
      }) as typeof client.query;
    });
    try {
      const shared = await loadLiveBattles({ prisma: db.prisma, pool: narrow }, { batchSize: 7 });
      expect([...shared.table.outcome]).toEqual([...whole.table.outcome]);
      expect([...shared.table.dedupKeep]).toEqual([...whole.table.dedupKeep]);
      expect(overlapped).toBe(0);
    } finally {
      await narrow.end();
    }
  });

  it("list a model with 1 or 10 votes as preliminary, with no rank and no interval, and a retired one out of the ranks", async () => {
    process.env.DATABASE_URL = url;
    const { GET } = await import("../../app/api/leaderboard/route");
    await db.prisma.model.create({
      data: { id: "lb-new", providerId: "lb", providerModelId: "lb-new", displayName: "LB-NEW", organization: "Org" },
    });
    const style = [10, 0, 0, 0, 20, 1, 1, 1];
    for (const votes of [1, 10]) {
      const have = await db.prisma.vote.count({ where: { OR: [{ modelAId: "lb-new" }, { modelBId: "lb-new" }] } });
      for (let k = have; k < votes; k++)
        await votedBattle({ a: "lb-new", b: "lb-alpha", winner: k % 3 ? "model_b" : "model_a", style });
      await recomputeSnapshots(db, { rounds: 5 });
      clearCache();
      for (const style of [0, 1]) {
        const body = await (await GET(new Request(`http://x/api/leaderboard?style=${style}`))).json();
        const fresh = body.models.find((m: { model: string }) => m.model === "lb-new");
        expect(fresh, `${votes} votes`).toMatchObject({
          votes,
          preliminary: true,
          rank: null,
          rankSpread: null,
          fragility: null,
          ciLower: null,
          ciUpper: null,
        });
        // listed after every ranked model
        expect(body.models.filter((m: { rank: number | null }) => m.rank !== null)).toHaveLength(
          body.models.length - 1,
        );
        expect(body.models.findIndex((m: { model: string }) => m.model === "lb-new")).toBeGreaterThanOrEqual(0);
        expect(body.method).toMatchObject({ ci: "sandwich", minVotes: 30 });
      }
      const csv = await (await GET(new Request("http://x/api/leaderboard?format=csv"))).text();
      const row = csv.split("\n").find((line) => line.includes(",lb-new,")) as string;
      expect(row.startsWith(",lb-new,LB-NEW,")).toBe(true);
      expect(row).toContain(",true,false,");
    }
    // retired: disabled by an admin, it stays in the fit and leaves the ranks
    await db.prisma.model.update({ where: { id: "lb-gamma" }, data: { enabled: false } });
    try {
      await recomputeSnapshots(db, { rounds: 5 });
      clearCache();
      const body = await (await GET(new Request("http://x/api/leaderboard?category=overall"))).json();
      expect(body.models.find((m: { model: string }) => m.model === "lb-gamma")).toMatchObject({
        retired: true,
        rank: null,
      });
    } finally {
      await db.prisma.model.update({ where: { id: "lb-gamma" }, data: { enabled: true } });
    }
  });

  it("write an admin's formula-like names into the CSV as text, never as a spreadsheet formula (issue 40)", async () => {
    process.env.DATABASE_URL = url;
    const { GET } = await import("../../app/api/leaderboard/route");
    const before = await db.prisma.model.findUniqueOrThrow({ where: { id: "lb-gamma" } });
    await db.prisma.model.update({
      where: { id: "lb-gamma" },
      data: { displayName: '=HYPERLINK("http://evil","Gamma")', organization: "+SUM(1)", license: "@cmd" },
    });
    try {
      await recomputeSnapshots(db, { rounds: 5 });
      clearCache();
      const csv = await (await GET(new Request("http://x/api/leaderboard?format=csv"))).text();
      const row = csv.split("\n").find((line) => line.includes(",lb-gamma,")) as string;
      expect(row).toContain(`,"'=HYPERLINK(""http://evil"",""Gamma"")",`);
      expect(row).toContain(",'+SUM(1),'@cmd,");
      // no cell of the file starts a formula
      for (const line of csv.trim().split("\n")) {
        for (const cell of line.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+@]/);
      }
    } finally {
      await db.prisma.model.update({
        where: { id: "lb-gamma" },
        data: { displayName: before.displayName, organization: before.organization, license: before.license },
      });
      await recomputeSnapshots(db, { rounds: 5 });
      clearCache();
    }
  });

  it("serve a board over time, a model's labelled scores and the dated changes of the method", async () => {
    process.env.DATABASE_URL = url;
    const { GET } = await import("../../app/api/leaderboard/history/route");
    const styleBoards = await db.prisma.leaderboardSnapshot.findMany({
      where: { source: "live", category: "overall", styleControl: true },
      orderBy: { createdAt: "asc" },
    });
    // one model's points on the default board (overall, style control), oldest first, as each board stored them
    const alpha = await (await GET(new Request("http://x/api/leaderboard/history?model=lb-alpha"))).json();
    expect(alpha).toMatchObject({
      model: "lb-alpha",
      displayName: "LB-ALPHA",
      category: "overall",
      styleControl: true,
    });
    const stored = styleBoards.map((b) =>
      (b.payload as { models: { model: string; rating: number }[] }).models.find((m) => m.model === "lb-alpha"),
    );
    expect(alpha.points.map((p: { rating: number }) => p.rating)).toEqual(stored.map((m) => m?.rating));
    const times = alpha.points.map((p: { at: string }) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const plain = await (
      await GET(new Request("http://x/api/leaderboard/history?model=lb-alpha&style=0&limit=2"))
    ).json();
    expect(plain).toMatchObject({ styleControl: false });
    expect(plain.points).toHaveLength(2);
    // every model's rank at each recompute, for the board's chart
    const ranks = await (await GET(new Request("http://x/api/leaderboard/history"))).json();
    expect(ranks.points).toHaveLength(styleBoards.length);
    expect(ranks.models.map((m: { model: string }) => m.model)).toEqual(expect.arrayContaining(MODELS));
    // bad queries answer 400 or 404, never 500
    for (const [query, status] of [
      ["model=no-such-model", 404],
      ["model=lb-alpha&style=2", 400],
      ["model=lb-alpha&limit=0", 400],
      ["limit=abc", 400],
      ["model=%00", 400],
    ] as const) {
      expect((await GET(new Request(`http://x/api/leaderboard/history?${query}`))).status, query).toBe(status);
    }

    // the model page's scores: the default board's, labelled, beside the plain board's
    clearCache();
    const profile = await modelProfile(db, "lb-alpha");
    const served = async (styleControl: boolean) =>
      (await currentSnapshot(db, "overall", styleControl))?.payload.models.find((m) => m.model === "lb-alpha");
    expect(profile?.current?.rating).toBe((await served(true))?.rating);
    expect(profile?.plain?.rating).toBe((await served(false))?.rating);
    expect(profile?.history.map((p) => p.rating)).toEqual(stored.map((m) => m?.rating));

    // a method change is listed with its date, what changed and the largest moves it caused
    const before = await methodChanges(db);
    process.env.ARENA_MIN_VOTES = "1000";
    try {
      await recomputeSnapshots(db, { rounds: 5 });
    } finally {
      delete process.env.ARENA_MIN_VOTES;
    }
    const after = await methodChanges(db);
    expect(after).toHaveLength(before.length + 1);
    const change = after.at(-1);
    expect(change?.changed).toEqual(["minVotes"]);
    expect(change?.before?.minVotes).toBe(30);
    expect(change?.after?.minVotes).toBe(1000);
    // at 1,000 votes nobody is ranked: a ranked model lost its rank
    expect(change?.moves?.rank?.to).toBeNull();
    expect(change?.moves?.rank?.from).toEqual(expect.any(Number));
    // back to the configured method: one more change
    await recomputeSnapshots(db, { rounds: 5 });
    expect(await methodChanges(db)).toHaveLength(before.length + 2);
  });
});
