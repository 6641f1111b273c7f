// From a model's page and from the board (issue 40): a battle that includes the model, and a chat with it.
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage } from "./arena-page";

test("Battle with this model puts it in the battle; Chat with it opens a chat with it", async ({ page }) => {
  test.setTimeout(90_000);
  const arena = new ArenaPage(page);
  await arena.open();
  // the model list syncs the registry on a fresh server (run alone, no battle has yet)
  expect((await page.request.get("/api/models")).ok()).toBe(true);
  await page.goto("/models/fake-beta");
  await page.getByRole("link", { name: "Battle with this model" }).click();
  await expect(page).toHaveURL(/\/\?with=fake-beta$/);
  await expect(page.getByTestId("battle-with")).toContainText("Fake Beta");
  await arena.attach("with.png", "image/png", await pngImage("#aa3355"));
  await arena.ask("What colour is this picture?");
  await arena.waitForAnswers();
  await arena.voteButton("Tie").click();
  await expect(arena.title("a")).toHaveText(/Fake/);
  const titles = `${await arena.title("a").innerText()} ${await arena.title("b").innerText()}`;
  expect(titles).toContain("Fake Beta");

  await page.goto("/models/fake-beta");
  await page.getByRole("link", { name: "Chat with it" }).click();
  await expect(page).toHaveURL(/\/chat\?a=fake-beta$/);
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).toHaveValue("fake-beta");

  // the board offers both on every listed model's row, once an ordinary battle's vote is on it (the battle above,
  // whose model was chosen, counts on no board)
  await arena.votedBattle("board.png", "#55aa33", "What colour is this picture?", "B is better", {
    termsAccepted: true,
  });
  await expect(async () => {
    await page.goto("/leaderboard");
    await expect(page.getByRole("link", { name: "Battle with Fake Beta" })).toHaveAttribute(
      "href",
      "/?with=fake-beta",
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Chat with Fake Beta" })).toHaveAttribute("href", "/chat?a=fake-beta");
});
