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
      const box = await button.boundingBox();
      if (!box) throw new Error(`${label} has no box`);
      // the element at the button's centre is the button itself (or its text): nothing lies over it
      const onTop = await page.evaluate(
        ([x, y, text]) => {
          const hit = document.elementFromPoint(x as number, y as number);
          return hit?.closest("button")?.textContent === text;
        },
        [box.x + box.width / 2, box.y + box.height / 2, label] as const,
      );
      expect(onTop, `${label} is covered at ${size.width} px`).toBe(true);
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
