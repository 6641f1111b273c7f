import { expect, test } from "@playwright/test";

test("the home page renders the arena's introduction and navigation", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Vision Arena/);
  await expect(page.getByRole("heading", { level: 1, name: "Which model sees better?" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Leaderboard" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Vote" })).toContainText("both are bad");
});

test("the health endpoint reports the database and the latest migration", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", database: "ok" });
  expect(body.migrations).toMatch(/^\d{14}_\w+$/);
});
