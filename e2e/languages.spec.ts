// The visitor's language (issue 40): from the browser's languages, or the footer's switch (kept in a cookie);
// the arena's flow reads in it from the terms to the vote. The sign-in page follows it; staff pages stay English.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ArenaPage, pngImage } from "./arena-page";

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
  // the sign-in page speaks the visitor's language too (issue 69: it stayed English)
  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.getByLabel("Contraseña")).toBeVisible();
  await context.close();
});

test("the long-form pages, their titles, the charts and the model page speak the visitor's language", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "es-ES" });
  const page = await context.newPage();
  const pages: [string, string][] = [
    ["/about", "Cómo funciona la clasificación"],
    ["/methodology", "Cambios de metodología"],
    ["/data", "El conjunto de datos"],
    ["/failures", "Donde fallan los modelos fuertes"],
    ["/credits", "Créditos de las imágenes"],
    ["/bench", "VisionArena-Bench"],
    ["/benchmarks", "Benchmarks"],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Vision Arena`);
  }
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Qué batallas cuentan" })).toBeVisible();
  // a link inside a translated sentence keeps its place and its target
  await page.getByRole("link", { name: "la página de metodología" }).click();
  await expect(page).toHaveURL(/\/methodology$/);
  await page.goto("/data");
  await expect(page.getByRole("columnheader", { name: "Conjunto de datos" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Esta arena: batallas" })).toBeVisible();
  await page.goto("/credits");
  await expect(page.getByRole("table", { name: "Las fotografías y sus licencias" })).toBeVisible();

  // the board's charts come in the page's language (French here), their tables too; the vote from another visitor
  const voter = await browser.newContext({ locale: "en-US" });
  await new ArenaPage(await voter.newPage()).votedBattle("fr-board.png", "#4411aa", "Which colour?", "A is better");
  await voter.close();
  await context.addCookies([{ name: "arena_locale", value: "fr", url: page.url() }]);
  await expect(async () => {
    await page.goto("/leaderboard");
    await expect(page.getByRole("cell", { name: /Fake Alpha/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("snapshot-info")).toContainText("intervalles sandwich, paires repondérées");
  // a language board's chip names its language in French (issue 69: "English" on every page; the first test's
  // French question made the board of the language Intl calls "French")
  await expect(page.getByRole("link", { name: "Français", exact: true })).toBeVisible();
  // dates in the site's language, whatever the browser's own (issue 69: they stayed English)
  const english = await browser.newContext({ locale: "en-US" });
  await english.addCookies([{ name: "arena_locale", value: "fr", url: page.url() }]);
  const reader = await english.newPage();
  await reader.goto("/leaderboard");
  const time = reader.getByTestId("snapshot-info").locator("time");
  const iso = (await time.getAttribute("datetime")) as string;
  const french = await reader.evaluate(
    (at) => new Date(at).toLocaleString("fr", { dateStyle: "medium", timeStyle: "short" }),
    iso,
  );
  await expect(time).toHaveText(french);
  await english.close();
  await page.getByTestId("charts").scrollIntoViewIfNeeded();
  await expect(page.getByRole("img", { name: "Score Arena avec intervalles de confiance à 95 %" })).toBeVisible();
  const ratings = page.getByTestId("figure-ratings");
  await ratings.getByText("Afficher les données sous forme de tableau").click();
  await expect(ratings.getByRole("columnheader", { name: "Intervalle à 95 %" })).toBeVisible();
  await page.getByRole("link", { name: "Fake Alpha", exact: true }).click();
  await expect(page.getByTestId("model-current")).toContainText("sur le classement par défaut");
  await expect(page.getByTestId("model-current")).toContainText(/taux de victoire \d+%/);
  await context.close();
});

test("a refused attachment is explained in the visitor's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("dialog").getByRole("button", { name: "我同意" }).click();
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("not really a picture"),
  });
  await expect(page.getByTestId("attach-errors")).toHaveText("notes.png 不是 PNG、JPEG、WebP 或 GIF 图片");
  await context.close();
});
