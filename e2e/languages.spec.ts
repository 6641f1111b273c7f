// The visitor's language (issue 40): from the browser's languages, or the footer's switch (kept in a cookie);
// the arena's flow reads in it from the terms to the vote. Staff pages stay English.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { pngImage } from "./arena-page";

test("a French browser gets the arena in French, through a whole battle", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Quel modèle voit le mieux ?" })).toBeVisible();
  const terms = page.getByRole("dialog");
  await expect(terms).toContainText("Conditions d’utilisation");
  await terms.getByRole("button", { name: "J’accepte" }).click();
  await expect(terms).toHaveCount(0);
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "fr.png", mimeType: "image/png", buffer: await pngImage() });
  await expect(page.getByTestId("question-hint")).toHaveText("Écrivez maintenant une question sur l’image");
  await page.getByLabel("Votre message").fill("De quelle couleur est cette image ?");
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  for (const side of ["a", "b"])
    await expect(page.getByTestId(`answer-${side}`).last()).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  await page.getByRole("button", { name: "A est meilleur" }).click();
  await expect(page.getByTestId("verdict-a")).toHaveText("Votre choix");
  await expect(page.getByRole("button", { name: "Montrer dans la galerie publique" })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
  await context.close();
});

test("the footer's switch changes the language and keeps it; staff pages stay English", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/explore");
  await expect(page.getByRole("heading", { name: "Explore battles" })).toBeVisible();
  await page.getByLabel("Language").selectOption("zh-CN");
  await expect(page.getByRole("heading", { name: "探索对战" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "哪个模型看得更准？" })).toBeVisible();
  await page.getByLabel("语言").selectOption("es");
  await expect(page.getByRole("heading", { name: "¿Qué modelo ve mejor?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Imagen al azar" })).toBeVisible();
  await page.goto("/signin");
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await context.close();
});
