import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage } from "./arena-page";

test("a vote reaches the leaderboard: table, category and style switches, charts", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  await arena.attach("lb.png", "image/png", await pngImage("#118844"));
  await arena.ask("Which colour dominates this picture?");
  await arena.waitForAnswers();
  await arena.voteButton("A is better").click();
  await expect(arena.title("a")).toHaveText(/Fake/);

  // the snapshot worker of the test server recomputes every second
  await expect(async () => {
    await page.goto("/leaderboard");
    await expect(page.getByRole("cell", { name: /Fake Alpha/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("columnheader", { name: "Rank (UB)" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Arena Score with 95% confidence intervals" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Win fraction of the row model/ })).toBeVisible();
  await page.getByRole("link", { name: "Style control: off" }).click();
  await expect(page.getByRole("link", { name: "Style control: on" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Fake Beta/ })).toBeVisible();
  await page.getByRole("link", { name: "No tie" }).click();
  await expect(page).toHaveURL(/category=no_tie/);
  await expect(page.getByRole("cell", { name: /Fake Alpha/ })).toBeVisible();
  const api = await page.request.get("/api/leaderboard?category=overall&style=0");
  expect(api.status()).toBe(200);
  expect((await api.json()).models.map((m: { model: string }) => m.model).sort()).toEqual(["fake-alpha", "fake-beta"]);
});
