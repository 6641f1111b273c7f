// Cohorts (issue 69): a class opens the arena as /?c=<name>; the tab keeps the tag for its session and says so;
// every battle from it carries the tag, and staff read the cohort's own board. A malformed tag is not kept, with why.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage, pngImage } from "./arena-page";

/** axe's serious and critical findings on the page as it is, at a phone's and a laptop's width. */
async function seriousAt(page: Page, widths = [320, 1366]) {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    for (const v of results.violations)
      if (v.impact === "serious" || v.impact === "critical") found.push(`${width}px ${v.id}`);
  }
  return found;
}

test("a class's tag is kept for the tab, its battles make the cohort's board for staff", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const arena = new ArenaPage(page);
  await arena.open("/?c=Class 7A");
  await expect(page.getByTestId("cohort")).toContainText("“Class 7A” was not kept");

  await page.goto("/?c=class-7a"); // the terms were agreed above
  await expect(page.getByTestId("cohort")).toHaveText("Battles from this tab count for the group “class-7a”.");
  expect(await seriousAt(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  // the tag stays with the tab without the address carrying it
  await page.goto("/");
  await expect(page.getByTestId("cohort")).toContainText("class-7a");
  await arena.attach("class.png", "image/png", await pngImage("#884422"));
  await arena.ask("What colour is it?");
  await arena.waitForAnswers();
  await expect(page.getByTestId("cohort")).toHaveCount(0); // the notice is for before the battle
  await arena.voteButton("A is better").click();
  await expect(arena.title("a")).toHaveText(/Fake/);

  // the teacher (a researcher; here the admin) finds the cohort and its board
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, ADMIN);
  await staffPage.goto("/research");
  await expect(staffPage.getByTestId("cohorts")).toContainText("1 battles, 1 counted votes");
  await staffPage.getByRole("link", { name: "class-7a" }).click();
  await expect(staffPage.getByRole("heading", { name: "Cohort class-7a" })).toBeVisible();
  await expect(staffPage.getByTestId("cohort-votes")).toContainText("1 counted vote alone");
  await expect(staffPage.getByTestId("cohort-board").locator("tbody tr")).toHaveCount(2);
  expect(await seriousAt(staffPage)).toEqual([]);
  await staffPage.goto("/research");
  expect(await seriousAt(staffPage)).toEqual([]);
  // an unknown cohort is a plain not-found page
  const missing = await staffPage.goto("/research/cohorts/class-9z");
  expect(missing?.status()).toBe(404);
  await staff.close();
});
