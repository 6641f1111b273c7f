// Vision reactions (issue 43): after the vote, and never before, an optional one-tap reason per side; voting
// without one is as easy as ever. At a phone's width and a laptop's.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage } from "./arena-page";
import { withServerDatabase } from "./state";

const conversationOf = (url: string) => new URL(url).searchParams.get("c") as string;

async function storedReactions(conversationId: string) {
  return withServerDatabase(async (db) =>
    (
      await db.prisma.voteReaction.findMany({
        where: { vote: { conversationId } },
        orderBy: { side: "asc" },
      })
    ).map((r) => ({ side: r.side, reason: r.reason, note: r.note })),
  );
}

for (const [width, height] of [
  [390, 844],
  [1366, 800],
] as const) {
  test(`at ${width} px: a vote with a reason per side, and a vote without any`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const arena = new ArenaPage(page);

    // with reasons: none offered before the vote
    await arena.battle("reactions.png", "#2277aa", "How many squares are in this picture?");
    await expect(page.getByTestId("vote-reactions")).toHaveCount(0);
    await arena.voteButton("A is better").click();
    await expect(arena.title("a")).toHaveText(/Fake/);
    const reactions = page.getByTestId("vote-reactions");
    await expect(reactions).toBeVisible();
    await reactions.scrollIntoViewIfNeeded();
    const sideA = page.getByTestId("reactions-a");
    await sideA.getByRole("button", { name: "Wrong count" }).click();
    await expect(sideA.getByText("Thanks, noted.")).toBeVisible();
    await expect(sideA.getByRole("button", { name: "Wrong count" })).toHaveAttribute("aria-pressed", "true");
    const sideB = page.getByTestId("reactions-b");
    await sideB.getByRole("button", { name: "Other" }).click();
    await sideB.getByLabel("In a few words (optional)").fill("It called the square a circle");
    await sideB.getByRole("button", { name: "Save" }).click();
    await expect(sideB.getByText("Thanks, noted.")).toBeVisible();
    // nothing wider than the screen, and no serious accessibility fault in the new panel
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const axe = await new AxeBuilder({ page }).include('[data-testid="vote-reactions"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    const withReasons = conversationOf(page.url());
    expect(await storedReactions(withReasons)).toEqual([
      { side: "a", reason: "wrong_count", note: null },
      { side: "b", reason: "other", note: "It called the square a circle" },
    ]);
    // a second tap on the same reason takes it back
    await sideA.getByRole("button", { name: "Wrong count" }).click();
    await expect(sideA.getByText("Taken back.")).toBeVisible();
    expect((await storedReactions(withReasons)).map((r) => r.side)).toEqual(["b"]);
    // a reload shows what is stored
    await page.reload();
    await expect(page.getByTestId("reactions-b").getByRole("button", { name: "Other" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByTestId("reactions-a").getByRole("button", { name: "Wrong count" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    // without: the vote counts, the reasons wait, nothing is stored
    // a new battle (the terms already accepted)
    await arena.votedBattle("plain.png", "#aa7722", "What colour is this picture?", "Tie", { termsAccepted: true });
    await expect(page.getByTestId("vote-reactions")).toBeVisible();
    const without = conversationOf(page.url());
    expect(without).not.toBe(withReasons);
    expect(await storedReactions(without)).toEqual([]);
    await withServerDatabase(async (db) =>
      expect(await db.prisma.vote.count({ where: { conversationId: without } })).toBe(1),
    );
  });
}

test("which model for an image like mine: a picture and a question get a board or an honest 'too few'", async ({
  page,
}) => {
  await page.goto("/leaderboard");
  await page.getByTestId("other-boards").getByRole("link", { name: "For an image like mine" }).click();
  await expect(page).toHaveURL(/\/which-model$/);
  await page.getByTestId("neighbourhood-image").setInputFiles({
    name: "mine.png",
    mimeType: "image/png",
    buffer: await pngImage("#cc3322"),
  });
  await page.getByLabel("Your question (optional)").fill("What colour is this picture?");
  await page.getByRole("button", { name: "Find the best models" }).click();
  const result = page.getByTestId("neighbourhood-result");
  await expect(result).toBeVisible();
  // either the neighbourhood's board with intervals, or the number of similar votes it lacks
  await expect(
    result.getByTestId("neighbourhood-board").or(result.getByText(/Too few similar votes yet/)),
  ).toBeVisible();
});
