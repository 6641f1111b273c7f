// After the vote: carrying on with the revealed pair, a follow-up that brings a new image, the visitor's history,
// and a reported answer reaching the moderators.
import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage, pngImage } from "./arena-page";

test("keep chatting with the revealed pair, with a new image in the follow-up; the history lists both", async ({
  page,
}) => {
  const arena = new ArenaPage(page);
  await arena.votedBattle("first.png", "#2266cc", "What colour is this picture?", "A is better");
  const names = { a: (await arena.title("a").innerText()).replace(/^Model A: /, "") };

  // the revealed pair can be opened elsewhere
  const after = page.getByTestId("after-vote");
  await expect(after.getByRole("link", { name: "Side by side" })).toHaveAttribute("href", /\/side-by-side\?a=.+&b=.+/);
  await expect(after.getByRole("link", { name: `Chat with ${names.a}` })).toHaveAttribute("href", /\/chat\?a=/);

  // ...or carried on: the battle's turn comes along, unrated, in side-by-side
  await after.getByRole("button", { name: "Keep chatting with these two" }).click();
  await expect(page).toHaveURL(/\/side-by-side\?c=[0-9a-f-]{36}/);
  await expect(arena.answers("a")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "A is better" })).toBeVisible();

  // a follow-up with a new picture: both models get it, and it is shown with its question
  await arena.attach("second.png", "image/png", await pngImage("#cc2266", 90, 60));
  await arena.ask("And what colour is this one?");
  await arena.waitForAnswers(["a", "b"], 2);
  await expect(page.getByTestId("turn-images-a").getByRole("button")).toHaveCount(1);

  // the history: both conversations, newest first, each reopens
  await page.goto("/history");
  const items = page.getByTestId("history").getByRole("link");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Side by side");
  await expect(items.nth(1)).toContainText("Battle");
  await expect(items.nth(1)).toContainText("you preferred A");
  await items.nth(1).click();
  await expect(page).toHaveURL(/\/\?c=[0-9a-f-]{36}/);
  await expect(arena.title("a")).toHaveText(/Fake/);
});

test("a reported answer reaches the moderator's desk with the answer, its model and the note; excluding it leaves the visitor alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const arena = new ArenaPage(page);
  await arena.battle("report.png", "#448822", "Describe this picture.");
  const reported = (await arena.answers("b").last().innerText()).trim().split("\n")[0] ?? "";
  await arena.panel("b").getByRole("button", { name: "Report" }).click();
  await arena.panel("b").getByLabel("Why are you reporting this answer?").selectOption("wrong");
  const note = `It sees a colour that is not there ${Date.now()}`;
  await arena.panel("b").getByLabel("Anything the moderators should know? (optional)").fill(note);
  await arena.panel("b").getByRole("button", { name: "Send report" }).click();
  await expect(arena.panel("b").getByText("Reported. Thank you.")).toBeVisible();

  const staff = await browser.newPage();
  await signIn(staff, ADMIN, "/admin");
  // the models console counts the open report, and leads to the model's reports
  const counted = staff.getByRole("link", { name: /open reports? of / });
  await expect(counted.first()).toBeVisible();
  await staff.goto("/admin/moderation");
  const item = staff.locator("li[data-flag]", { hasText: note });
  await expect(item).toContainText("Reported answer");
  await expect(item).toContainText("wrong about the picture");
  await expect(item).not.toContainText("answer_report");
  await expect(item.getByTestId("reported-answer")).toContainText(reported.slice(0, 15));
  await expect(item.getByTestId("reported-answer")).toContainText("side B");
  await expect(item.getByTestId("other-answer")).toContainText("side A");
  await expect(item.getByText("Describe this picture.")).toBeVisible();
  await item.getByRole("link", { name: "all reports of this model" }).click();
  await expect(staff).toHaveURL(/model=/);
  await expect(staff.locator("li[data-flag]", { hasText: note })).toHaveCount(1);
  await staff.goto("/admin/moderation");
  await staff.locator("li[data-flag]", { hasText: note }).getByRole("button", { name: "Exclude the battle" }).click();
  await expect(staff.locator("li[data-flag]", { hasText: note })).toHaveCount(0);
  await staff.close();
  // the visitor who asked carries on
  const again = await page.request.post("/api/conversations", { multipart: { mode: "battle", prompt: "hello" } });
  expect(again.status()).not.toBe(403);
});
