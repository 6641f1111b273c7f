import { expect, test } from "@playwright/test";

test("the home page shows the terms first, then the battle", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Vision Arena/);
  await expect(page.getByRole("heading", { level: 1, name: "Which model sees better?" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Direct chat" })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Terms of use" });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await dialog.getByRole("button", { name: "I agree" }).click();
  await expect(dialog).toHaveCount(0);
  // accepted once, remembered for this browser
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the health endpoint reports the database and the latest migration", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", database: "ok" });
  expect(body.migrations).toMatch(/^\d{14}_\w+$/);
});

test("the leaderboard page says how snapshots are made for a category that has none yet", async ({ page }) => {
  await page.goto("/leaderboard?category=ocr");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  await expect(page.getByText("No leaderboard for this category yet")).toBeVisible();
  // style control is the public board's default; the switch leads to the board without it and back
  await page.getByRole("link", { name: "Style control: on" }).click();
  await expect(page).toHaveURL(/category=ocr&style=0/);
  await page.getByRole("link", { name: "Style control: off" }).click();
  await expect(page).toHaveURL(/category=ocr&style=1/);
});
