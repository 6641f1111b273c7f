// A visitor's own data (issue 69): from /me they download everything stored about them as one zip, then delete it:
// the page says what went, and the next snapshot of the board no longer counts their vote.
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage } from "./arena-page";

const boardVotes = async (page: import("@playwright/test").Page) =>
  ((await (await page.request.get("/api/leaderboard?category=overall&style=0&format=json")).json()).voteCount ??
    0) as number;

test("export then delete, and the next snapshot without those votes", async ({ page, browser }) => {
  test.setTimeout(150_000);
  // another visitor's vote first, so the board after the deletion still has one (as on a live site, where the
  // scheduler must still see the deletion as news: no vote is newer than the last snapshot)
  // one test at a time: no other vote arrives meanwhile; an earlier test's last vote may still be on its way to the
  // board, so the count is read once it holds still over a recompute or two
  let before = await boardVotes(page);
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(4_000);
        const now = await boardVotes(page);
        const settled = now === before;
        before = now;
        return settled;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  const other = await browser.newContext();
  await new ArenaPage(await other.newPage()).votedBattle("theirs.png", "#aa3300", "What is this?", "A is better");
  await other.close();
  const arena = new ArenaPage(page);
  // the board counts their vote before this visitor's own
  await expect.poll(() => boardVotes(page), { timeout: 30_000 }).toBe(before + 1);
  const initial = before + 1;
  await arena.votedBattle("mine.png", "#225566", "What colour is my picture?", "B is better");
  // the board counts the vote (the test server recomputes every second)
  await expect.poll(() => boardVotes(page), { timeout: 30_000 }).toBe(initial + 1);

  await page.goto("/me");
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download all of it (zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("vision-arena-my-data.zip");
  const zip = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  expect(zip.toString("latin1")).toContain("vision-arena-my-data/data.json");

  await page.getByRole("button", { name: "Delete all of it" }).click();
  await page.getByRole("button", { name: "Yes, delete everything" }).click();
  await expect(page.getByTestId("data-deleted")).toContainText("Deleted: 1 conversations, 1 votes, 1 pictures.");
  // the cookie went with the data: the history is empty, and the next snapshot counts one vote fewer
  await page.goto("/history");
  await expect(page.getByTestId("history")).toHaveCount(0);
  await expect.poll(() => boardVotes(page), { timeout: 30_000 }).toBe(initial);
});

test("signed in, the download holds the account; an admin's account is not deleted from here", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/me");
  await expect(page.getByTestId("me-account")).toContainText(`Signed in as ${ADMIN.email}`);
  const archive = await page.request.get("/api/me/data");
  expect(archive.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await archive.body()));
  const data = JSON.parse(new TextDecoder().decode(files["vision-arena-my-data/data.json"]));
  expect(data.account).toMatchObject({ email: ADMIN.email, role: "admin" });
  await page.getByRole("button", { name: "Delete all of it" }).click();
  await page.getByRole("button", { name: "Yes, delete everything" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An admin's account" })).toContainText(
    "removed by another admin",
  );
  // still signed in: the console opens
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});
