// The smaller rough edges a newcomer met (issue 40): a hint that a question is needed, a photograph's credit kept
// for the whole battle, a friend's shared link opened without a terms wall, a footer link that does not end on a
// 401, a laptop-wide Table 1, tables that stay inside a phone's screen, downloads that download, and form fields
// named by labels.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage, pngImage } from "./arena-page";

test("an attached image alone says a question is needed; asking clears the hint", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  await expect(page.getByTestId("question-hint")).toHaveCount(0);
  await arena.attach("q.png", "image/png", await pngImage("#33aa55"));
  await expect(page.getByTestId("question-hint")).toHaveText("Now write a question about the picture");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await page.getByLabel("Your message").fill("What colour is it?");
  await expect(page.getByTestId("question-hint")).toHaveCount(0);
});

test("a bank photograph keeps its credit once the battle starts", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  // the bank mixes drawings (no credit) and photographs: take pictures until a credited one comes
  const credit = page.locator("figure figcaption");
  const random = page.getByRole("button", { name: /^(Random image|Loading)/ });
  for (let k = 0; k < 40 && (await credit.count()) === 0; k++) {
    await random.click();
    // the picture is chosen once the bank has loaded: until then the one before is still shown, and its caption
    // was read already (CI once read that stale caption forty times over and never met a photograph)
    await expect(random).toHaveText("Random image");
    await expect(page.getByRole("img", { name: /^preset / })).toBeVisible();
  }
  const line = (await credit.innerText()).trim();
  expect(line).toMatch(/^Photo: /);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await arena.waitForAnswers();
  await expect(page.getByTestId("image-credit")).toHaveText(line);
  // and after a reload
  await page.reload();
  await expect(page.getByTestId("image-credit")).toHaveText(line);
});

test("a friend opening a battle's address goes to its share page without a terms wall", async ({ page, browser }) => {
  const arena = new ArenaPage(page);
  await arena.votedBattle("friend.png", "#cc8822", "What colour is this picture?", "A is better");
  const address = page.url();
  expect(address).toMatch(/\?c=[0-9a-f-]{36}/);
  const friend = await browser.newPage();
  let dialogSeen = false;
  friend.on("framenavigated", () => undefined);
  await friend.goto(address);
  // watched until the share page is open: the terms dialog never shows on the way
  const deadline = Date.now() + 15_000;
  while (!/\/share\//.test(friend.url()) && Date.now() < deadline) {
    if ((await friend.getByRole("dialog").count()) > 0) dialogSeen = true;
    await friend.waitForTimeout(50);
  }
  expect(friend.url()).toMatch(/\/share\/[0-9a-f-]{36}$/);
  expect(dialogSeen).toBe(false);
  await friend.close();
});

test("the footer's link for researchers leads visitors to a page they can read", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("navigation", { name: "More" }).getByRole("link", { name: "For researchers" }).click();
  await expect(page).toHaveURL(/\/data#for-researchers$/);
  await expect(page.getByRole("heading", { name: "For researchers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "research page" }).first()).toHaveAttribute("href", "/research");
});

/** Elements whose right edge passes the screen's: what a visitor sees cut off (scroll boxes may scroll inside). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      page: document.documentElement.scrollWidth > width + 1,
      boxes: Array.from(document.querySelectorAll("section[tabindex='0']"))
        .filter((box) => box.getBoundingClientRect().right > width + 1)
        .map((box) => box.getAttribute("aria-label")),
    };
  });

test("Table 1 fits a 1366 px screen whole, headers and all", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/data");
  const box = page.getByRole("region", { name: "Dataset comparison" });
  const fits = await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  for (const header of await page.getByTestId("dataset-table").locator("thead th").all()) {
    await expect(header).toBeInViewport({ ratio: 1 });
  }
});

test("on a phone the model page and the console keep their tables inside the screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/leaderboard");
  const first = page.locator("a[href^='/models/']").first();
  const href = await first.getAttribute("href");
  const pages = [href ?? "/models/fake-alpha", "/leaderboard"];
  for (const address of pages) {
    await page.goto(address);
    expect(await overflowing(page), address).toEqual({ page: false, boxes: [] });
  }
  await signIn(page, ADMIN, "/admin");
  for (const address of [
    "/admin",
    "/admin/moderation",
    "/admin/integrity",
    "/admin/users",
    "/admin/audit",
    "/admin/bench",
    "/admin/drift",
  ]) {
    await page.goto(address);
    expect(await overflowing(page), address).toEqual({ page: false, boxes: [] });
  }
});

test("the board's JSON and CSV are downloads, not pages", async ({ page }) => {
  await page.goto("/leaderboard");
  for (const name of ["JSON", "CSV"]) {
    const link = page.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("download", new RegExp(`^leaderboard-overall\\.${name.toLowerCase()}$`));
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`leaderboard-overall.${name.toLowerCase()}`);
  }
});

test("the provider form names its fields with labels", async ({ page }) => {
  await signIn(page, ADMIN, "/admin");
  await page.getByRole("button", { name: "New provider" }).click();
  const form = page.getByRole("form", { name: "Provider" });
  for (const label of ["Provider id", "Provider type", "Base URL", "Key variable"]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await form.getByLabel("Provider id", { exact: true }).fill("leaky-form");
  await form.getByLabel("Base URL", { exact: true }).fill("http://x.test/v1");
  await form.getByLabel("Key variable", { exact: true }).fill("sk-live 1234");
  await form.getByRole("button", { name: "Save provider" }).click();
  const error = page.getByRole("alert").first();
  await expect(error).toContainText("Key variable:");
  await expect(error).not.toContainText("apiKeyEnv");
});
