// Small things a visitor or staff member meets first (#14): a branded 404 with a way back, a header that knows who
// is signed in, and a terms dialog that takes focus, keeps it, and closes on Esc without agreeing.
import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage, holdRoute, pngImage, resetFakeModels, setFakeModel } from "./arena-page";

test.afterEach(resetFakeModels);

test("unknown pages get the arena's own 404 with a way back", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the arena" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown leaderboard category is a 404, not an empty board", async ({ page }) => {
  const response = await page.goto("/leaderboard?category=no-such-category");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
});

test("every board links to the method page", async ({ page }) => {
  await page.goto("/leaderboard");
  await page.getByRole("link", { name: "How scores are made" }).click();
  await expect(page.getByRole("heading", { name: "How the leaderboard works" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Intervals and Rank (UB)" })).toBeVisible();
});

test("the header says who is signed in and links staff to their console", async ({ page }) => {
  await page.goto("/leaderboard");
  await expect(page.getByRole("link", { name: "Staff sign-in" })).toBeVisible();
  await signIn(page, ADMIN);
  await page.goto("/leaderboard");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Console" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(ADMIN.email);
  await expect(page.getByRole("link", { name: "Staff sign-in" })).toHaveCount(0);
});

test("the terms dialog takes focus, keeps it, and Esc closes it without agreeing", async ({ page }) => {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Terms of use" });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("button", { name: "I agree" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Not now" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "I agree" })).toBeFocused(); // focus stays in the dialog
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("please read and accept the terms of use first")).toBeVisible();
  expect((await (await page.request.get("/api/visitor")).json()).termsAccepted).toBe(false);
  await page.getByRole("button", { name: "Read the terms" }).click();
  await page.getByRole("button", { name: "I agree" }).click();
  await expect(dialog).toHaveCount(0);
});

test("leaving while the answers stream asks first", async ({ page }) => {
  await setFakeModel("fake-alpha", { reply: "A slow answer that takes a while to arrive.", tokenDelayMs: 1000 });
  await setFakeModel("fake-beta", { reply: "Another slow answer that takes a while.", tokenDelayMs: 1000 });
  const arena = new ArenaPage(page);
  await arena.open();
  await arena.attach("slow.png", "image/png", await pngImage("#335577"));
  await arena.ask("Take your time");
  await expect(arena.answers("a").first()).toHaveAttribute("data-status", "streaming");
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
});

test("a slow first visit says the arena is getting ready, then asks for the terms (issue 69)", async ({ page }) => {
  const release = await holdRoute(page, "**/api/visitor");
  await page.goto("/");
  await expect(page.getByTestId("preparing")).toHaveText("Getting the arena ready…");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  release();
  await expect(page.getByRole("dialog", { name: "Terms of use" })).toBeVisible();
  await expect(page.getByTestId("preparing")).toHaveCount(0);
});
