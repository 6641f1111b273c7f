// The first admin the browser tests' server is started with (ARENA_ADMIN_EMAIL / ARENA_ADMIN_PASSWORD).
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@arena.test", password: "e2e-admin-password" };

/** Signs in through the staff sign-in form. */
export async function signIn(page: Page, account: { email: string; password: string }, path = "/signin") {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
}
