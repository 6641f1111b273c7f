// Regenerate keeps the earlier answer (issue 40): the visitor pages back to it (‹ 1/2 ›), and the vote judges the
// version on screen; a reload shows the same.
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage, resetFakeModels, setFakeModel } from "./arena-page";

test.afterEach(resetFakeModels);

test("after Regenerate both versions can be read, and the vote judges the one shown", async ({ page }) => {
  await setFakeModel("fake-alpha", { reply: "First words of Alpha.", tokenDelayMs: 5 });
  await setFakeModel("fake-beta", { reply: "First words of Beta.", tokenDelayMs: 5 });
  const arena = new ArenaPage(page);
  await arena.open();
  await arena.attach("v.png", "image/png", await pngImage("#336699"));
  await arena.ask("What colour is this picture?");
  await arena.waitForAnswers();
  const firstA = await arena.answers("a").last().innerText();
  await setFakeModel("fake-alpha", { reply: "Second words of Alpha.", tokenDelayMs: 5 });
  await setFakeModel("fake-beta", { reply: "Second words of Beta.", tokenDelayMs: 5 });
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(arena.answers("a").last()).toContainText("Second words");
  await arena.waitForAnswers();
  const pager = page.getByTestId("versions-a");
  await expect(pager).toContainText("2/2");
  await pager.getByRole("button", { name: "Previous version" }).click();
  await expect(pager).toContainText("1/2");
  await expect(arena.answers("a").last()).toHaveText(firstA);
  await arena.voteButton("A is better").click();
  await expect(arena.title("a")).toHaveText(/Fake/);
  // the judged version is the answer now, after a reload too
  await page.reload();
  await expect(arena.answers("a").last()).toContainText("words of");
  await expect(page.getByTestId("versions-a")).toContainText("1/2");
  await expect(arena.answers("a").last()).toHaveText(firstA);
});
