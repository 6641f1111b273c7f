// Single sign-on through a real OpenID Connect provider started beside the app (e2e/oidc-idp.ts): the browser
// goes to the provider's own login page and back; the role comes from the provider's groups claim; an invitation
// on record works without one; another domain is refused with a message; signing out ends the session.
import { expect, type Page, test } from "@playwright/test";
import { IDP } from "./oidc-idp";
import { withServerDatabase } from "./state";

/** From the arena's sign-in page through the provider's login and consent pages, back to the arena. */
async function signInWithIdp(page: Page, login: string, next = "/admin") {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByRole("button", { name: `Continue with ${IDP.name}` }).click();
  // the provider's pages (oidc-provider's own interactions)
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
  await page.getByRole("button", { name: /continue/i }).click();
}

test("staff sign in through the organisation's provider, the role from its claim, and sign out", async ({ page }) => {
  await signInWithIdp(page, "admin@uni.example");
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  expect((await page.request.get("/api/admin/models")).status()).toBe(200);
  const role = await withServerDatabase((db) =>
    db.prisma.user.findUnique({ where: { email: "admin@uni.example" }, select: { role: true } }),
  );
  expect(role?.role).toBe("admin");

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).not.toHaveURL(/\/admin/);
  expect((await page.request.get("/api/admin/models")).status()).toBe(401);
});

test("a researcher by claim reaches the research page and not the console", async ({ page }) => {
  await signInWithIdp(page, "researcher@uni.example", "/research");
  await expect(page).toHaveURL(/\/research/);
  await expect(page.getByRole("form", { name: "Export filters" })).toBeVisible();
  expect((await page.request.get("/api/admin/models")).status()).toBe(403);
});

test("an invited address signs in without a claim; another domain and no role are refused with a message", async ({
  page,
}) => {
  await withServerDatabase((db) =>
    db.prisma.user.upsert({
      where: { email: "invited@uni.example" },
      create: { email: "invited@uni.example", role: "researcher" },
      update: { role: "researcher" },
    }),
  );
  await signInWithIdp(page, "invited@uni.example", "/research");
  await expect(page).toHaveURL(/\/research/);
  await expect(page.getByRole("form", { name: "Export filters" })).toBeVisible();

  await page.context().clearCookies();
  await signInWithIdp(page, "outsider@elsewhere.example");
  await expect(page).toHaveURL(/\/signin\?error=oidc_domain/);
  await expect(page.locator("p[role=alert]")).toHaveText("Accounts of that e-mail domain cannot sign in here.");
  expect((await page.request.get("/api/admin/models")).status()).toBe(401);

  await page.context().clearCookies();
  await signInWithIdp(page, "nobody@uni.example");
  await expect(page.locator("p[role=alert]")).toHaveText(/no role in this arena/);
  const created = await withServerDatabase((db) => db.prisma.user.count({ where: { email: "nobody@uni.example" } }));
  expect(created).toBe(0);
});
