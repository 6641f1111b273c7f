import { expect, test } from "@playwright/test";
import { ArenaPage, clippedChartText } from "./arena-page";
import { withServerDatabase } from "./state";

test("a vote reaches the leaderboard: table, category and style switches, charts", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.votedBattle("lb.png", "#118844", "Which colour dominates this picture?", "A is better");

  // the snapshot worker of the test server recomputes every second
  await expect(async () => {
    await page.goto("/leaderboard");
    await expect(page.getByRole("cell", { name: /Fake Alpha/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("columnheader", { name: "Rank (UB)" })).toBeVisible();
  // the evidence panel under the board: written in with the fragility, a moment after the board is published
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("evidence").locator("li[data-probe]")).toHaveCount(6, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Evidence behind this board" })).toBeVisible();
  await expect(page.locator('[data-probe="position_bias"]')).toContainText(/Side A won [\d.]+% of \d+ decisive votes/);
  await expect(page.locator('[data-probe="position_bias"]')).toContainText("Bar: side A's share");
  await expect(page.getByTestId("snapshot-info")).toContainText(/^Last updated .* · 2 models · \d+ votes?/);
  await expect(page.getByTestId("snapshot-info")).toContainText("sandwich intervals, reweighted pairs");
  // the board as a file, from the page
  const csv = await page.request.get((await page.getByRole("link", { name: "CSV" }).getAttribute("href")) as string);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain("Fake Alpha");
  const json = await page.request.get((await page.getByRole("link", { name: "JSON" }).getAttribute("href")) as string);
  expect(json.status()).toBe(200);
  // sort by a column; again to reverse; the header says which way
  const names = () => page.locator(`tbody tr td a[href^="/models/"]`).allInnerTexts();
  await page.getByRole("button", { name: "Model" }).click();
  expect(await names()).toEqual(["Fake Alpha", "Fake Beta"]);
  await expect(page.getByRole("columnheader", { name: "Model" })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("button", { name: "Model" }).click();
  expect(await names()).toEqual(["Fake Beta", "Fake Alpha"]);
  await expect(page.getByRole("columnheader", { name: "Model" })).toHaveAttribute("aria-sort", "descending");
  // search and filter
  await page.getByLabel("Search models").fill("alp");
  expect(await names()).toEqual(["Fake Alpha"]);
  await expect(page.getByTestId("table-count")).toHaveText("1 of 2 models");
  await page.getByLabel("Search models").fill("");
  await page.getByLabel("Organization").selectOption("Beta Works");
  expect(await names()).toEqual(["Fake Beta"]);
  await page.getByLabel("Organization").selectOption("");
  await expect(page.getByRole("img", { name: "Arena Score with 95% confidence intervals" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Win fraction of the row model/ })).toBeVisible();
  // style control is the public board's default: the score's move against the board without it, and tiers
  await expect(page.getByRole("columnheader", { name: "Δ score vs no style control" })).toBeVisible();
  await expect(page.getByTestId("plain-delta").first()).toHaveText(/^(0|[+−]\d+)$/);
  await expect(page.getByRole("columnheader", { name: "Tier" })).toBeVisible();
  await expect(page.getByTestId("how-to-read")).toContainText("10 to 1 at 400 points");
  await page.getByRole("link", { name: "Style control: on" }).click();
  await expect(page.getByRole("link", { name: "Style control: off" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Fake Beta/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Δ score vs no style control" })).toHaveCount(0);
  // the overall board draws the cross-category figures from the run's summary
  await expect(page.getByRole("img", { name: /Predicted win rate/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "Rank (UB) of every model in every category" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Places gained/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Style coefficients per category/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "Battles per category" })).toBeVisible();
  await expect(page.getByRole("img", { name: /both are bad/ })).toBeVisible();
  // signed values on a diverging scale with a legend; every chart's numbers as a table behind a toggle
  await expect(page.locator('[data-chart="style-coefficients"] [data-testid="legend"]')).toBeVisible();
  await expect(page.locator('[data-chart="style-coefficients"] text', { hasText: /^-0\.000$/ })).toHaveCount(0);
  const battles = page.getByTestId("figure-category-battles");
  await battles.getByText("Show the data as a table").click();
  await expect(battles.getByRole("table").getByRole("row").first()).toContainText(/\d+ \(\d+\.\d%\)/);
  // no label or value outside its chart, at this width and on a phone
  expect(await clippedChartText(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // the charts load as they scroll near
  await page.getByTestId("charts").scrollIntoViewIfNeeded();
  await expect(page.getByRole("img", { name: "Battles per category" })).toBeVisible();
  expect(await clippedChartText(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("link", { name: "Exclude ties" }).click();
  await expect(page).toHaveURL(/category=no_tie/);
  await expect(page.getByRole("cell", { name: /Fake Alpha/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Δ vs overall" })).toBeVisible();

  // a model's page: its score, its record against the other model, its rank per category
  await page.getByRole("link", { name: "Fake Alpha", exact: true }).click();
  await expect(page).toHaveURL(/\/models\/fake-alpha/);
  // the tab says the model's name, not its id (issue 69)
  await expect(page).toHaveTitle(/^Fake Alpha/);
  await expect(page.getByRole("heading", { name: "Fake Alpha" })).toBeVisible();
  await expect(page.getByTestId("model-current")).toContainText(/Arena Score \d+, .* \d+ votes? · win rate \d+%/);
  // the score is labelled with its board, the plain board's beside it, and the history says which board it draws
  await expect(page.getByTestId("model-current")).toContainText("on the default board (overall, with style control)");
  await expect(page.getByTestId("model-current")).toContainText(/\d+ without style control/);
  await expect(page.getByRole("img", { name: /over time on the default board/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Arena Score over time/ })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Against every opponent" }).getByRole("row", { name: /Fake Beta/ }),
  ).toContainText(/\d+%/);
  await expect(
    page.getByRole("table", { name: "Rank in every category" }).getByRole("row", { name: /Overall/ }),
  ).toBeVisible();
  expect((await page.request.get("/models/no-such-model")).status()).toBe(404);
  const api = await page.request.get("/api/leaderboard?category=overall&style=0");
  expect(api.status()).toBe(200);
  // the method on record, each model's rank spread, and the board over time
  const board = await api.json();
  expect(board.method).toMatchObject({ ci: "sandwich", reweighted: true });
  for (const m of board.models) expect(m.rankSpread?.[0]).toBe(m.rank);
  const history = await page.request.get("/api/leaderboard/history?model=fake-alpha");
  expect(history.status()).toBe(200);
  expect((await history.json()).points.length).toBeGreaterThan(0);
  await page.goto("/methodology");
  await expect(page.getByRole("table", { name: "Methodology changes" })).toContainText("first recorded method");
  expect((await api.json()).models.map((m: { model: string }) => m.model).sort()).toEqual(["fake-alpha", "fake-beta"]);
});

test("on a phone the board is cards: each model's rank, score, interval and votes in view, no sideways scrolling", async ({
  page,
}) => {
  // the first test left votes on the board
  for (const size of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(async () => {
      await page.goto("/leaderboard");
      await expect(page.getByTestId("board-cards").getByRole("listitem").first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const first = page.getByTestId("board-cards").getByRole("listitem").first();
    await expect(first.getByTestId("card-score")).toBeInViewport({ ratio: 1 });
    await expect(first.getByTestId("card-votes")).toBeInViewport({ ratio: 1 });
    await expect(first.getByTestId("card-votes")).toHaveText(/^\d[\d,]* votes?$/);
    await expect(page.getByRole("region", { name: "Leaderboard" })).toBeHidden();
    await expect(page.getByTestId("rank-note")).toContainText("share a rank");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
});

test("a model page's tables and the rank-over-time chart read whole on a phone (issue 69)", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/models/fake-alpha");
  // every header of the opponents and categories tables inside its card: none cut off ("PREDICT…", "WON (DECISIVE")
  for (const name of ["Against every opponent", "Rank in every category"]) {
    const table = page.getByRole("table", { name });
    await expect(table).toBeVisible();
    const clipped = await table.evaluate((t) => {
      const box = (t.parentElement as HTMLElement).getBoundingClientRect();
      return Array.from(t.querySelectorAll("th"))
        .filter((th) => th.getBoundingClientRect().right > box.right + 1)
        .map((th) => th.textContent);
    });
    expect(clipped, name).toEqual([]);
  }
  // the rank chart: models tied at a recompute are drawn apart, so every line shows; few recomputes are dots
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/leaderboard");
  const chart = page.getByTestId("rank-history");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator("polyline").nth(1)).toBeAttached();
  const lines = await chart.locator("polyline").evaluateAll((ps) => ps.map((p) => p.getAttribute("points")));
  expect(new Set(lines).size).toBe(lines.length);
  expect(await chart.locator("circle").count()).toBeGreaterThan(0);
});

test("a model page shows the drift watch: canary accuracy with its alarm, and the monthly score against anchors (issue 71)", async ({
  page,
}) => {
  // what the watch would have written over a week: five checks of fake-alpha on MathVista, the last two below its
  // baseline, and two months of votes fitted on their own
  const seeded = await withServerDatabase(async (db) => {
    // the server's jobs process fits the months of votes as it starts (and hourly)
    expect(await db.prisma.datasetSnapshot.count({ where: { kind: "human-periods" } })).toBeGreaterThan(0);
    const set = await db.prisma.promptSet.create({
      data: { name: "drift-e2e", version: 1, source: "e2e-fixture", description: null },
    });
    const day = (k: number) => new Date(Date.UTC(2026, 10, 20 + k, 6));
    const checks = [
      ["baseline", 30],
      ["baseline", 31],
      ["baseline", 29],
      ["alarm", 12],
      ["low", 11],
    ] as const;
    for (const [k, [status, correct]] of checks.entries()) {
      const run = await db.prisma.evalRun.create({
        data: {
          setId: set.id,
          modelId: "fake-alpha",
          settings: { temperature: 0, maxTokens: 2048, seed: 1 },
          status: "done",
        },
      });
      await db.prisma.driftCheck.create({
        data: {
          runId: run.id,
          modelId: "fake-alpha",
          benchmark: "mathvista",
          setId: set.id,
          correct,
          total: 40,
          ...(status === "baseline" ? {} : { baselineCorrect: 90, baselineTotal: 120, pValue: 1e-6 }),
          alpha: 1e-4,
          status,
          ranAt: day(k),
        },
      });
    }
    const month = (start: string, alpha: number) => ({
      start,
      votes: 200,
      models: [
        { model: "fake-alpha", rating: alpha, ciLower: alpha - 30, ciUpper: alpha + 30, votes: 100 },
        { model: "fake-beta", rating: 1000, ciLower: 970, ciUpper: 1030, votes: 100 },
      ],
    });
    const fits = await db.prisma.datasetSnapshot.create({
      data: {
        kind: "human-periods",
        payload: {
          period: "month",
          periods: [month("2026-10-01T00:00:00.000Z", 1060), month("2026-11-01T00:00:00.000Z", 990)],
        },
      },
    });
    return { set: set.id, fits: fits.id };
  });
  try {
    await page.goto("/models/fake-alpha");
    const panel = page.getByTestId("model-drift");
    await panel.scrollIntoViewIfNeeded();
    await expect(page.getByRole("heading", { name: "Is it getting worse?" })).toBeVisible();
    await expect(panel.getByTestId("drift-alarm")).toHaveText("Below its own starting level since Nov 23, 2026.");
    await expect(panel.getByTestId("drift-mathvista")).toContainText(
      "Its own starting level: 75% (from its first 120 answers).",
    );
    await expect(
      panel.getByRole("img", { name: /MathVista: accuracy on its fixed check questions/ }).first(),
    ).toBeAttached();
    await expect(
      panel.getByRole("img", { name: /Score by month against models that did not change/ }).first(),
    ).toBeAttached();
    // the same as data, with its citation
    const api = await (await page.request.get("/api/drift?model=fake-alpha")).json();
    expect(api).toMatchObject({ model: "fake-alpha", licence: expect.any(String), as_of: "2026-11-24T06:00:00.000Z" });
    expect(api.series[0].points.map((p: { status: string }) => p.status)).toEqual([
      "baseline",
      "baseline",
      "baseline",
      "alarm",
      "low",
    ]);
    expect(api.human.map((p: { score: number }) => p.score)).toEqual([1060, 990]);
  } finally {
    await withServerDatabase(async (db) => {
      await db.prisma.promptSet.delete({ where: { id: seeded.set } });
      await db.prisma.datasetSnapshot.delete({ where: { id: seeded.fits } });
    });
  }
});
