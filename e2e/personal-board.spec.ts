// A visitor's own board (issue 69): after three votes, /me lists the models they voted on with their shrunk win rate
// ((wins + ½ ties + 1) / (battles + 2)) and their place on the public board; a visitor with no vote sees how to start.
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage } from "./arena-page";

test("the personal board after three votes", async ({ page }) => {
  await page.goto("/me");
  await expect(page.getByRole("heading", { name: "Your board" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start a battle" })).toBeVisible();

  const arena = new ArenaPage(page);
  const votes = ["A is better", "A is better", "Tie"] as const;
  await arena.votedBattle("me-0.png", "#123456", "What colour is it?", votes[0]);
  for (const [k, vote] of votes.entries()) {
    if (k === 0) continue;
    // the next battle from the same page (the terms are agreed once)
    await page.getByRole("button", { name: "New battle" }).click();
    await arena.attach(`me-${k}.png`, "image/png", await pngImage(k === 1 ? "#654321" : "#336699"));
    await arena.ask("What colour is it?");
    await arena.waitForAnswers();
    await arena.voteButton(vote).click();
    await expect(arena.title("a")).toHaveText(/Fake/);
  }
  await page.goto("/me");
  await expect(page.getByTestId("me-votes")).toHaveText("From your 3 votes.");
  const rows = page.getByTestId("personal-board").locator("li[data-model]");
  await expect(rows).toHaveCount(2);
  // the two fake models met three times: 2 wins and a tie for one side's model, or split; each score is shrunk
  const scores = (await page.getByTestId("me-score").allInnerTexts()).map((s) => Number(s.replace("%", "")));
  for (const score of scores) expect(score).toBeGreaterThan(0);
  expect(scores[0]).toBeGreaterThanOrEqual(scores[1] as number);
  // (wins + ½ ties + 1) / (battles + 2): with 3 battles the scores are fifths and tenths, and they sum to 100%
  expect((scores[0] as number) + (scores[1] as number)).toBe(100);
  await expect(rows.first()).toContainText(
    /Won · tied · lost: \d · \d · \d · Public board: (rank \d+ · \d+|not ranked)/,
  );
});
