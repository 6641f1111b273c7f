// The public gallery (issue 40): a voted battle its visitor shows appears on /explore, opens its share page, can be
// liked once by another visitor, and leaves the gallery when its visitor takes it back.
import { expect, test } from "@playwright/test";
import { ArenaPage, holdRoute } from "./arena-page";

test("a shared battle is in the gallery until its visitor takes it back", async ({ page, browser }) => {
  const arena = new ArenaPage(page);
  const question = `Gallery test ${Date.now()}: what colour is this picture?`;
  await arena.votedBattle("gallery.png", "#8844cc", question, "B is better");
  await page.getByRole("button", { name: "Show in the public gallery" }).click();
  await expect(page.getByRole("button", { name: "Remove from the gallery" })).toBeVisible();
  // still so after a reload
  await page.reload();
  await expect(page.getByRole("button", { name: "Remove from the gallery" })).toBeVisible();

  const visitor = await browser.newPage();
  const other = new ArenaPage(visitor);
  await other.open();
  await visitor.goto("/explore");
  const card = visitor.locator("li[data-battle]", { hasText: question });
  await expect(card).toContainText("B won");
  // a slow like shows that it is being saved, and leaving meanwhile asks first (issue 69)
  const release = await holdRoute(visitor, "**/api/gallery/*/like");
  await card.getByRole("button", { name: /like/ }).click();
  await expect(card.getByRole("button", { name: /Saving/ })).toHaveAttribute("aria-busy", "true");
  await expect(card.getByTestId("pending")).toBeVisible();
  const asked = new Promise<string>((resolve) =>
    visitor.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  // a reload is leaving: the browser asks, the visitor stays (the like is still on its way)
  void visitor.reload().catch(() => undefined);
  expect(await asked).toBe("beforeunload");
  release();
  await expect(card.getByRole("button", { name: /liked/ })).toContainText("1");
  await visitor.goto("/explore?sort=liked");
  await expect(visitor.locator("li[data-battle]", { hasText: question })).toBeVisible();
  await visitor.locator("li[data-battle]", { hasText: question }).getByRole("link").first().click();
  await expect(visitor).toHaveURL(/\/share\/[0-9a-f-]{36}$/);
  await expect(visitor.getByText(question).first()).toBeVisible();

  await page.getByRole("button", { name: "Remove from the gallery" }).click();
  await expect(page.getByRole("button", { name: "Show in the public gallery" })).toBeVisible();
  await visitor.goto("/explore");
  await expect(visitor.locator("li[data-battle]", { hasText: question })).toHaveCount(0);
  await visitor.close();
});
