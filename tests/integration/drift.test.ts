// The drift watch on the real engine (issue 71): a MathVista canary slice chosen once, run day after day by the
// schedule against two fake models with pinned settings, scored by MathVista's own rules and tested against each
// model's baseline. One model stays the same; the other answers the slice well, then (from a given day) badly: the
// alarm is raised once, at the first bad run, through the audit trail and the webhook — never for the steady one.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModelServer } from "../../e2e/fake-models/server";
import { importBenchmark } from "../../lib/benchmarks";
import { spendToday } from "../../lib/budgets";
import type { Db } from "../../lib/db";
import {
  chooseCanarySlice,
  type DriftAlarm,
  driftHistory,
  fitPeriods,
  humanSplit,
  latestDriftStates,
  queueDueCanaryRuns,
  runCanary,
  webhookSink,
} from "../../lib/drift";
import { closeSenders } from "../../lib/jobs";
import { databaseMetrics } from "../../lib/metrics/database";
import { seedBattle } from "../support/battles";
import { type ArenaFixture, startFixture } from "./arena-fixture";
import { runCli } from "./run-cli";

let fixture: ArenaFixture;
let db: Db;
let dir: string;
let fake: FakeModelServer;
let hook: http.Server;
const posted: DriftAlarm[] = [];
const DAY = 86_400_000;
const RULE = { alpha: 0.001, baselineRuns: 3 };
const SEED = 4242;

/**
 * 48 multiple-choice items with the same choices: 36 answered "long", 12 "short". MathVista's rules read an answer
 * that is exactly a choice, so a model replying "long" scores 75% and one replying "short" 25%.
 */
function mathVistaItems() {
  const items: Record<string, unknown> = {};
  for (let k = 1; k <= 48; k++) {
    const choices = ["short", "long", "medium"];
    items[String(k)] = {
      pid: String(k),
      image: "images/shape.png",
      question: `Is side ${k} short, long or medium?`,
      choices,
      unit: null,
      precision: null,
      answer: k % 4 === 0 ? choices[0] : choices[1],
      question_type: "multi_choice",
      answer_type: "text",
      metadata: {
        language: "english",
        source: "GeoQA+",
        category: "math-targeted-vqa",
        task: "geometry problem solving",
        context: "geometry diagram",
        grade: "high school",
        skills: ["geometry reasoning"],
      },
    };
  }
  return items;
}

beforeAll(async () => {
  fixture = await startFixture("drift", {
    behaviours: { steady: { reply: "long" }, drifter: { reply: "long" } },
    entries: [
      { id: "steady", priceInputPerMTok: 1, priceOutputPerMTok: 4 },
      { id: "drifter", priceInputPerMTok: 1, priceOutputPerMTok: 4 },
      // not a vision model: the watch leaves it alone
      { id: "blind", vision: false },
    ],
    sync: true,
  });
  ({ db, dataDir: dir, fake } = fixture);
  fs.mkdirSync(path.join(dir, "mathvista", "images"), { recursive: true });
  await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
    .png()
    .toFile(path.join(dir, "mathvista", "images", "shape.png"));
  fs.writeFileSync(path.join(dir, "mathvista", "testmini.json"), JSON.stringify(mathVistaItems()));
  await importBenchmark(db, "mathvista", [path.join(dir, "mathvista", "testmini.json")]);
  hook = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      posted.push(JSON.parse(body) as DriftAlarm);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
}, 120_000);

afterAll(async () => {
  await closeSenders();
  await new Promise((resolve) => hook?.close(resolve));
  await fixture?.close();
});

describe("the drift watch", () => {
  it("chooses a benchmark's canary slice once, by a seeded draw, and keeps it", async () => {
    const first = await chooseCanarySlice(db, { benchmark: "mathvista", size: 40, seed: SEED });
    expect(first.created).toBe(true);
    expect(first.slice.questionIds).toHaveLength(40);
    expect(first.slice.seed).toBe(SEED);
    const again = await chooseCanarySlice(db, { benchmark: "mathvista", size: 12, seed: 1 });
    expect(again.created).toBe(false);
    expect(again.slice.questionIds).toEqual(first.slice.questionIds);
    // the CLI says the same, and refuses a benchmark with no imported set in one line
    const kept = await runCli(["drift", "canary", "--benchmark", "mathvista"]);
    expect(kept.out).toContain("keeps canary:mathvista: 40 items");
    const none = await runCli(["drift", "canary", "--benchmark", "emma"]);
    expect(none.code).not.toBe(0);
    expect(none.err.trim().split("\n")).toHaveLength(1);
    expect(none.err).toContain("no imported emma set");
  });

  it("raises one alarm at the first bad run of the model that fell, and none for the one that stayed", async () => {
    const start = Date.now();
    const sink = webhookSink(`http://127.0.0.1:${(hook.address() as { port: number }).port}/drift`);
    const byModel: Record<string, string[]> = { steady: [], drifter: [] };
    const FALLS_ON_DAY = 4; // days 0–2 build the baseline; day 3 is still good; day 4 is the first bad run
    for (let day = 0; day < 6; day++) {
      if (day === FALLS_ON_DAY) fake.setModel("drifter", { reply: "short" });
      // the schedule, a day later each time: one run per vision model on the slice
      const runs = await queueDueCanaryRuns(
        db,
        { intervalMs: DAY, seed: SEED },
        { now: new Date(start + day * DAY + 1000), queue: false },
      );
      expect(runs).toHaveLength(2);
      // asked again the same day, nothing is due
      expect(
        await queueDueCanaryRuns(
          db,
          { intervalMs: DAY, seed: SEED },
          { now: new Date(start + day * DAY + 2000), queue: false },
        ),
      ).toEqual([]);
      for (const runId of runs) {
        const run = await db.prisma.evalRun.findUniqueOrThrow({ where: { id: runId } });
        const check = await runCanary(db, runId, RULE, sink);
        expect(check).not.toBeNull();
        byModel[run.modelId]?.push(check?.status as string);
      }
    }
    expect(byModel.steady).toEqual(["baseline", "baseline", "baseline", "steady", "steady", "steady"]);
    expect(byModel.drifter).toEqual(["baseline", "baseline", "baseline", "steady", "alarm", "low"]);

    const alarms = await db.prisma.auditEntry.findMany({ where: { action: "drift.alarm" } });
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.target).toBe("drifter");
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ event: "drift.alarm", model: "drifter", benchmark: "mathvista", accuracy: 0.25 });
    expect(posted[0]?.baseline).toBeCloseTo(0.75, 1);
    expect(posted[0]?.pValue).toBeLessThan(RULE.alpha);

    // every call was pinned: temperature 0 and the seed
    const calls = fake.requests.filter((r) => r.model === "drifter" || r.model === "steady");
    expect(calls.length).toBe(2 * 6 * 40);
    for (const call of calls) expect(call.params).toMatchObject({ temperature: 0, seed: SEED });

    // the model page's series: six points with Wilson intervals around each accuracy, and the baseline
    const [series] = await driftHistory(db, "drifter");
    expect(series?.benchmark).toBe("mathvista");
    expect(series?.points).toHaveLength(6);
    expect(series?.baseline?.total).toBe(120);
    for (const p of series?.points ?? []) {
      expect(p.ci[0]).toBeLessThanOrEqual(p.accuracy);
      expect(p.ci[1]).toBeGreaterThanOrEqual(p.accuracy);
    }
    expect(series?.points.at(-2)?.accuracy).toBe(0.25);
    const states = await latestDriftStates(db);
    expect(states.find((s) => s.model === "drifter")?.status).toBe("low");
    expect(states.find((s) => s.model === "steady")?.status).toBe("steady");
    expect(states.some((s) => s.model === "blind")).toBe(false);

    // the metrics say it too, for every instance alike
    const metrics = await (await databaseMetrics(db)).metrics();
    expect(metrics).toMatch(/arena_drift_alarm\{model="drifter",benchmark="mathvista"\} 1/);
    expect(metrics).toMatch(/arena_drift_alarm\{model="steady",benchmark="mathvista"\} 0/);
    expect(metrics).toMatch(/arena_drift_accuracy\{model="drifter",benchmark="mathvista"\} 0\.25/);

    // the canary calls are priced and count in today's spend
    const spend = await spendToday(db.pool);
    expect(spend.find((m) => m.modelId === "drifter")?.spendUsd).toBeGreaterThan(0);

    // checking a run again writes nothing new and raises nothing
    const last = series?.points.at(-2)?.run as string;
    expect((await runCanary(db, last, RULE, sink))?.status).toBe("alarm");
    expect(await db.prisma.auditEntry.count({ where: { action: "drift.alarm" } })).toBe(1);

    // the command line lists each model's newest check
    const status = await runCli(["drift", "status"]);
    expect(status.out).toMatch(/drifter\s+mathvista\s+25\.0%.*low/);
  }, 300_000);

  it("fits each month's votes on their own and reads a model against anchors that did not change", async () => {
    // two past months: "drifter" beats "steady" 3 times in 4 in the first, 1 in 4 in the second; "steady" and a
    // third model ("blind" as an anchor) split evenly throughout
    const now = new Date();
    const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10));
    const vote = async (a: string, b: string, winner: "model_a" | "model_b", at: Date) => {
      const { visitor, conversation } = await seedBattle(db, { a, b, messages: [] });
      await db.prisma.vote.create({
        data: {
          conversationId: conversation.id,
          visitorId: visitor.id,
          winner,
          modelAId: a,
          modelBId: b,
          createdAt: at,
        },
      });
    };
    for (const [back, drifterWins] of [
      [2, 30],
      [1, 10],
    ] as const) {
      for (let k = 0; k < 40; k++) {
        await vote("drifter", "steady", k < drifterWins ? "model_a" : "model_b", monthStart(back));
        await vote("steady", "blind", k % 2 ? "model_a" : "model_b", monthStart(back));
        await vote("drifter", "blind", k < drifterWins ? "model_a" : "model_b", monthStart(back));
      }
    }
    const fits = await fitPeriods(db);
    expect(fits.periods.map((p) => p.votes)).toEqual([120, 120]);
    const points = humanSplit(fits, "drifter");
    expect(points).toHaveLength(2);
    expect(points[0]?.period.getUTCMonth()).toBe(monthStart(2).getUTCMonth());
    // better than the anchors' mean in the first month, worse in the second, each with its interval around it
    expect(points[0]?.score).toBeGreaterThan(1050);
    expect(points[1]?.score).toBeLessThan(950);
    for (const p of points) expect(p.ciLower).toBeLessThan(p.score);
    // the steady model's line holds still against the same anchors
    const steady = humanSplit(fits, "steady", ["blind"]);
    expect(Math.abs((steady[0]?.score ?? 0) - (steady[1]?.score ?? 0))).toBeLessThan(1);
  });
});
