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
  await arena.open();
  await arena.attach("k.png", "image/png", await pngImage());
  await arena.ask("What colour is this?");
  await arena.waitForAnswers();
  await expect(page.getByTestId("vote-keys")).toContainText("B is better");
  // typing in the message box is not a vote
  await page.getByLabel("Your message").press("b");
  await expect(page.getByTestId("verdict-b")).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("b");
  await expect(page.getByTestId("verdict-b")).toHaveText("Your pick");
});
