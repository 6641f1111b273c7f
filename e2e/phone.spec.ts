// The arena on a 390 px phone: nothing wider than the screen, the header as a menu, one answer at a time behind
// A/B buttons, the composer always in reach, and a battle that survives reload and Back.
import { expect, type Page, test } from "@playwright/test";
import { ArenaPage, pngImage, resetFakeModels, setFakeModel } from "./arena-page";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.afterEach(resetFakeModels);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("on a phone", () => {
  test.use(PHONE);

  test("pages fit a 390 px screen and the header is a menu", async ({ page }) => {
    for (const path of ["/", "/chat", "/side-by-side", "/leaderboard", "/about", "/bench", "/benchmarks", "/nope"]) {
      await page.goto(path);
      expect(await overflow(page), `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    await page.goto("/about");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Leaderboard" })).toBeHidden();
    await main.getByRole("button", { name: "Menu" }).click();
    await main.getByRole("link", { name: "Leaderboard" }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    // the menu closes itself after the navigation
    await expect(main.getByRole("link", { name: "Leaderboard" })).toBeHidden();
  });

  test("a battle on a phone: one answer at a time, composer in reach, vote and reveal", async ({ page }) => {
    const arena = new ArenaPage(page);
    await arena.open();
    const composer = page.getByLabel("Your message");
    const inView = async () => {
      const box = await composer.boundingBox();
      return box !== null && box.y + box.height <= 844 && box.y >= 0;
    };
    expect(await inView()).toBe(true);
    // a bad file is named the moment it is attached, on a phone too
    await arena.attach("notes.png", "image/png", Buffer.from("plain text"));
    await expect(page.getByTestId("attach-errors")).toHaveText("notes.png is not a PNG, JPEG, WebP or GIF image");
    await arena.attach("phone.png", "image/png", await pngImage("#22aa55"));
    await arena.ask("What is in the picture?");
    await arena.waitForAnswers();
    // the image once, above both answers; only answer A is on screen until B is asked for
    await expect(page.getByTestId("battle-images").getByRole("img")).toHaveCount(1);
    await expect(arena.panel("a")).toBeVisible();
    await expect(arena.panel("b")).toBeHidden();
    await page.getByTestId("show-b").click();
    await expect(arena.panel("b")).toBeVisible();
    await expect(arena.panel("a")).toBeHidden();
    await expect(page.getByTestId("show-b")).toHaveAttribute("aria-pressed", "true");
    expect(await inView()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await arena.voteButton("B is better").click();
    await expect(page.getByTestId("verdict-b")).toHaveText("Your pick");
    await expect(page.getByTestId("reveal-b").getByRole("link", { name: "Model page" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  });

  test("someone else's or a made-up conversation id is not shown", async ({ page }) => {
    const arena = new ArenaPage(page);
    await arena.open("/?c=00000000-0000-4000-8000-000000000000");
    await expect(page.getByTestId("notice")).toContainText("could not be found");
    await expect(page).toHaveURL(/\/$/);
  });
});

for (const size of [PHONE, { viewport: { width: 1366, height: 900 } }]) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use(size);

    test(`reload and Back in the middle of a battle bring it back, and it can still be voted (${size.viewport.width} px)`, async ({
      page,
    }) => {
      await setFakeModel("fake-alpha", { reply: "Slow and steady alpha answer. ".repeat(12), tokenDelayMs: 60 });
      await setFakeModel("fake-beta", { reply: "Slow and steady beta answer. ".repeat(12), tokenDelayMs: 60 });
      const arena = new ArenaPage(page);
      await arena.open();
      await arena.attach("resume.png", "image/png", await pngImage("#aa22aa"));
      await arena.ask("Will this survive a reload?");
      await expect(arena.answers("a").first()).toHaveAttribute("data-status", "streaming");
      await expect(page).toHaveURL(/\?c=[0-9a-f-]{36}$/);
      const url = page.url();
      // the leave-page warning is accepted: the answers go on being written on the server
      page.once("dialog", (dialog) => void dialog.accept());
      await page.reload();
      await expect(page).toHaveURL(url);
      await expect(arena.panel("a").getByText("Will this survive a reload?")).toBeVisible();
      await expect(page.getByTestId("battle-images").getByRole("img")).toHaveCount(1);
      await arena.waitForAnswers();
      await expect(page.getByTestId("resuming")).toHaveCount(0);
      await expect(arena.answers("a")).toContainText("Slow and steady");

      // away to the leaderboard and Back: still the same battle
      await page.goto("/leaderboard");
      await page.goBack();
      await expect(page).toHaveURL(url);
      await arena.waitForAnswers();
      await arena.voteButton("A is better").click();
      await expect(page.getByTestId("verdict-a")).toHaveText("Your pick");
      // and after the vote, a reload shows the revealed battle
      await page.reload();
      await expect(page.getByTestId("verdict-a")).toHaveText("Your pick");
      await expect(arena.title("a")).toHaveText(/^Model A: Fake/);
      // New battle leaves the old one behind in the address too
      await page.getByRole("button", { name: "New battle" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(arena.answers("a")).toHaveCount(0);
    });
  });
}
