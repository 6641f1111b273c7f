import { expect, test } from "@playwright/test";
import { ArenaPage } from "./arena-page";

test("the dataset page shows Table 1 beside the paper's and the figures, each with its data", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.votedBattle("data.png", "#884411", "What colour is this picture?", "Tie");

  await page.goto("/");
  await page.getByRole("navigation").getByRole("link", { name: "Data" }).first().click();
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByRole("heading", { name: "The dataset", level: 1 })).toBeVisible();
  const table = page.getByTestId("dataset-table");
  const battles = table.locator('tr[data-dataset="This arena: battles"]');
  // conversations, then models: at least this test's battle between two models (while the jobs process is
  // computing, the page serves the figures before it, so reload until they are a second old at most)
  await expect(async () => {
    await page.reload();
    await expect(battles.locator("td").nth(0)).toHaveText(/^[1-9][\d,]*$/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(battles.locator("td").nth(1)).toHaveText(/^[2-9]$/);
  await expect(battles.locator("td").last()).toHaveText("Yes");
  await expect(table.getByRole("rowheader", { name: "WildVision-Battle" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "VisionArena-Battle (paper)" })).toBeVisible();

  for (const title of ["Battles per model (Fig. 12)", "Battle outcomes (Fig. 17)", "Turns per battle (Fig. 18)"])
    await expect(page.getByRole("img", { name: title })).toBeVisible();
  const outcomes = page.getByTestId("figure-outcomes");
  await outcomes.getByText("Show the data as a table").click();
  await expect(outcomes.getByRole("rowheader", { name: "Tie", exact: true })).toBeVisible();

  // the topics, clustered by the jobs process every few seconds in the browser tests
  const topics = page.getByTestId("topics-battles");
  await expect(async () => {
    await page.reload();
    await expect(topics.locator("li").first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await topics.locator("summary").first().click();
  await expect(topics.locator("ul li").first()).toBeVisible();
});
