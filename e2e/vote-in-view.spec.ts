// The vote is the page's one call to action: once both answers are done it is inside the viewport and nothing
// covers it, on every width, however long the answers; and it can be cast from the keyboard.
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage, resetFakeModels, setFakeModel } from "./arena-page";

test.afterEach(resetFakeModels);

const WIDTHS = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 800 },
];

const long = (name: string) =>
  Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of ${name}'s long answer about the picture.`).join("\n\n");

for (const size of WIDTHS) {
  test(`at ${size.width} px the vote buttons are in view and uncovered when the answers finish`, async ({ page }) => {
    await page.setViewportSize(size);
    await setFakeModel("fake-alpha", { reply: long("alpha"), tokenDelayMs: 1, chunkSize: 8 });
    await setFakeModel("fake-beta", { reply: long("beta"), tokenDelayMs: 1, chunkSize: 8 });
    const arena = new ArenaPage(page);
    await arena.open();
    await arena.attach("v.png", "image/png", await pngImage());
    await arena.ask("Tell me everything about this picture");
    await arena.waitForAnswers();
    for (const label of ["A is better", "B is better", "Tie", "Both are bad"] as const) {
      const button = arena.voteButton(label);
      await expect(button).toBeEnabled();
      await expect(button).toBeInViewport({ ratio: 1 });
      // the element at the button's centre is the button itself (or its text): nothing lies over it. Measured
      // again until the page's scroll to the answers' ends has settled (box and hit test in the same frame)
      const covered = async () =>
        page.evaluate((text) => {
          const target = Array.from(document.querySelectorAll("button")).find((b) => b.textContent === text);
          const box = target?.getBoundingClientRect();
          if (!box) return true;
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit?.closest("button") !== target;
        }, label);
      await expect.poll(covered, { message: `${label} is covered at ${size.width} px`, timeout: 3000 }).toBe(false);
    }
  });
}

test("votes from the keyboard, with the keys named under the vote bar", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.battle("k.png", "#2255dd", "What colour is this?");
  await expect(page.getByTestId("vote-keys")).toHaveText(
    "Keys: A or B for the better answer · T for a tie · N if both are bad",
  );
  // typing in the message box is not a vote
  await page.getByLabel("Your message").press("b");
  await expect(page.getByTestId("verdict-b")).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("b");
  await expect(page.getByTestId("verdict-b")).toHaveText("Your pick");
});

// On a phone the picture and the pinned dock once filled the screen while the answers streamed below it (issue 40):
// the text being written stays in view above the dock until the answers end.
for (const size of WIDTHS.slice(0, 2)) {
  test(`at ${size.width} px the streaming answer is in view above the dock while it is written`, async ({ page }) => {
    await page.setViewportSize(size);
    await setFakeModel("fake-alpha", { reply: long("alpha"), tokenDelayMs: 40, chunkSize: 6 });
    await setFakeModel("fake-beta", { reply: long("beta"), tokenDelayMs: 40, chunkSize: 6 });
    const arena = new ArenaPage(page);
    await arena.open();
    await arena.attach("s.png", "image/png", await pngImage("#2266cc", 600, 900));
    await arena.ask("Tell me everything about this picture");
    const stop = page.getByRole("button", { name: "Stop" });
    await expect(stop).toBeVisible();
    // the dock shrinks to the vote bar and Stop: no message box while the answers are written
    await expect(page.getByLabel("Your message")).toBeHidden();
    // measured a few times while the text grows: some of the shown answer's text lies between the top of the
    // screen and the dock, and the newest words are in it
    let measured = 0;
    for (let k = 0; k < 3; k++) {
      await page.waitForTimeout(1000);
      const seen = await page.evaluate(() => {
        const dockTop = document.querySelector('[data-testid="dock"]')?.getBoundingClientRect().top ?? innerHeight;
        const shown = Array.from(document.querySelectorAll('[data-testid^="answer-"]')).find(
          (e) => (e as HTMLElement).offsetParent !== null,
        );
        const box = shown?.getBoundingClientRect();
        if (!box) return { visible: 0, streaming: false };
        const visible = Math.min(box.bottom, dockTop) - Math.max(box.top, 0);
        return { visible, streaming: shown?.getAttribute("data-status") !== "done" };
      });
      if (!seen.streaming) break;
      expect(seen.visible, `try ${k + 1} at ${size.width} px`).toBeGreaterThan(60);
      measured++;
    }
    expect(measured, "measured while the answer was still being written").toBeGreaterThan(0);
    await arena.waitForAnswers();
  });
}
