// From a model's page and from the board (issue 40): a battle that includes the model, and a chat with it.
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage } from "./arena-page";

test("Battle with this model puts it in the battle; Chat with it opens a chat with it", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  await page.goto("/models/fake-beta");
  await page.getByRole("link", { name: "Battle with this model" }).click();
  await expect(page).toHaveURL(/\/\?with=fake-beta$/);
  await expect(page.getByTestId("battle-with")).toContainText("Fake Beta");
  await arena.attach("with.png", "image/png", await pngImage("#aa3355"));
  await arena.ask("What colour is this picture?");
  await arena.waitForAnswers();
  await arena.voteButton("Tie").click();
  const titles = `${await arena.title("a").innerText()} ${await arena.title("b").innerText()}`;
  expect(titles).toContain("Fake Beta");

  await page.goto("/models/fake-beta");
  await page.getByRole("link", { name: "Chat with it" }).click();
  await expect(page).toHaveURL(/\/chat\?a=fake-beta$/);
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).toHaveValue("fake-beta");

  // the board offers both on every listed model's row
  await page.goto("/leaderboard");
  await expect(page.getByRole("link", { name: "Battle with Fake Beta" })).toHaveAttribute("href", "/?with=fake-beta");
  await expect(page.getByRole("link", { name: "Chat with Fake Beta" })).toHaveAttribute("href", "/chat?a=fake-beta");
});
