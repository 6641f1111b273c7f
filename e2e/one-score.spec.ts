// One score per model everywhere (issue 68): the reveal after a vote, the default board and each model's page read
// the same snapshot of the default board (overall, with style control) and show the same Arena Score. The board is
// recomputed every second in this server, so a run is published first: until "Serve the newest", the public board
// stays that run, and every page reads it.
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage } from "./arena-page";

const MODELS = ["Fake Alpha", "Fake Beta"];

/** Waits until the default board lists both models, then publishes the newest run so the board holds still. */
async function publishNewestRun(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN, "/admin/leaderboard");
  await expect(async () => {
    const board = await (await admin.request.get("/api/leaderboard?category=overall&style=1&format=json")).json();
    const names = (board.models ?? []).map((m: { displayName: string }) => m.displayName);
    for (const name of MODELS) expect(names).toContain(name);
  }).toPass({ timeout: 30_000 });
  await admin.reload();
  // the newest run by its id: another may be written while this one is published
  const runId = (await admin.locator("tr[data-run]").first().getAttribute("data-run")) as string;
  const run = admin.locator(`tr[data-run="${runId}"]`);
  await run.getByRole("button", { name: "Publish" }).click();
  await expect(run).toContainText("published");
  return admin;
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test("after a vote, the reveal's score is the board's and the model page's, for both models", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const arena = new ArenaPage(page);
  // a first vote puts both models on the board
  await arena.votedBattle("one-score-1.png", "#225588", "What colour is this?", "A is better");
  const admin = await publishNewestRun(browser);
  try {
    for (const width of [320, 1366]) {
      // a visitor of its own at each width (the terms are agreed once per visitor)
      const visitor = await browser.newContext({ viewport: { width, height: width === 320 ? 640 : 800 } });
      const page = await visitor.newPage();
      const arena = new ArenaPage(page);
      await arena.votedBattle(`one-score-${width}.png`, "#883322", "Which colour is it?", "Tie");
      const revealed: Record<string, number> = {};
      for (const side of ["a", "b"] as const) {
        const name = (await arena.title(side).innerText()).trim();
        const reveal = arena.panel(side).getByTestId("reveal");
        await expect(reveal).toHaveAttribute("data-score", /^\d+$/);
        await expect(reveal).toContainText("with style control");
        const model = MODELS.find((m) => name.includes(m)) as string;
        revealed[model] = Number(await reveal.getAttribute("data-score"));
      }
      expect(Object.keys(revealed).sort()).toEqual(MODELS);
      await axeClean(page);

      // the default board, as a visitor opens it
      const board = await visitor.newPage();
      await board.goto("/leaderboard");
      for (const model of MODELS) {
        const score =
          width < 640
            ? board.getByTestId("board-cards").locator("li", { hasText: model }).getByTestId("card-score")
            : board.locator("tbody tr", { hasText: model }).getByTestId("score-cell");
        await expect(score).toHaveText(String(revealed[model]));
        // the model's page
        await board.goto(`/models/${model === "Fake Alpha" ? "fake-alpha" : "fake-beta"}`);
        await expect(board.getByTestId("model-current").locator("strong").first()).toHaveText(String(revealed[model]));
        await board.goto("/leaderboard");
      }
      await visitor.close();
    }
  } finally {
    await admin.getByRole("button", { name: "Serve the newest" }).click();
    // the public board follows the newest run again (the other tests' votes reach it)
    await expect
      .poll(async () => (await (await admin.request.get("/api/leaderboard?style=1&format=json")).json()).published)
      .toBe(false);
    await admin.context().close();
  }
});
