import { expect, test } from "@playwright/test";
import { hashPassword } from "../lib/auth/passwords";
import { signIn } from "./accounts";
import { ArenaPage } from "./arena-page";
import { withServerDatabase } from "./state";

// an admin of its own: sign-ins are limited to ten per account and address per quarter hour, and the other browser
// tests sign the first admin in that often already
const CURATOR = { email: "curator@arena.test", password: "e2e-curator-password" };

test("a 'both are bad' battle between top models becomes a failure case staff accept; the public page shows it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // a visitor votes both answers bad
  const visitor = await browser.newPage();
  const arena = new ArenaPage(visitor);
  await arena.votedBattle(
    "hard.png",
    "#5533aa",
    "How many overlapping triangles are in this drawing? Count carefully.",
    "Both are bad",
  );

  // staff find it (the leaderboard worker ranks both models within a second or two) and accept it with a note
  const passwordHash = await hashPassword(CURATOR.password);
  await withServerDatabase((db) =>
    db.prisma.user.upsert({
      where: { email: CURATOR.email },
      create: { email: CURATOR.email, role: "admin", passwordHash },
      update: {},
    }),
  );
  const page = await browser.newPage();
  await signIn(page, CURATOR, "/admin/failures");
  const card = page.locator("li[data-case]").filter({ hasText: "How many overlapping triangles" });
  await expect(async () => {
    await page.getByRole("button", { name: "Find candidates now" }).click();
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByTestId("case-status")).toHaveText("candidate");
  await card.getByLabel("Note").fill("counting overlapping shapes");
  await card.getByRole("button", { name: "Accept" }).click();
  const accepted = page
    .getByRole("region", { name: /Accepted/ })
    .locator("li[data-case]")
    .filter({ hasText: "How many overlapping triangles" });
  await expect(accepted.getByTestId("case-status")).toHaveText("accepted");
  await page.getByRole("button", { name: "Export accepted as a prompt set" }).click();
  await expect(page.getByRole("status")).toContainText(/exported as prompt set visionarena-failures@\d+/);

  // anyone sees it with both answers and the O/X grid
  await visitor.goto("/failures");
  await expect(visitor.getByRole("heading", { name: "Where strong models fail", level: 1 })).toBeVisible();
  const grid = visitor.getByTestId("failure-grid");
  const row = grid.getByRole("row").filter({ hasText: "How many overlapping triangles" });
  await expect(row.getByRole("cell", { name: "X" })).toHaveCount(2);
  await expect(visitor.getByText("counting overlapping shapes")).toBeVisible();
});
