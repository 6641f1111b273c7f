// VisionArena-Bench in the browser, as staff use it: curate a prompt set from (seeded) battles through the console
// with the fake embedding endpoint, answer it with three models, judge them against an anchor with the fake judge
// (which prefers Alpha over Beta over Text), and read the result on /bench, down to one prompt's judgments.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ingestImage } from "../lib/images";
import { ADMIN, signIn } from "./accounts";
import { until, withServerDatabase } from "./state";

const QUESTIONS = [
  "What breed is the dog in this photo",
  "Solve the equation written on this worksheet",
  "Translate the text on this street sign",
  "How many apples are in the bowl",
  "What city skyline is this",
  "Describe the chart and its trend",
  "Which plant is this and is it safe for cats",
  "What is wrong with this circuit board",
];

/** Old battles, as months of traffic would have left them: single-turn English prompts with an image each. */
async function seedBattles() {
  await withServerDatabase(async (db) => {
    for (const [i, question] of QUESTIONS.entries()) {
      const png = await sharp({
        create: { width: 40 + i, height: 30, channels: 3, background: { r: (i * 70) % 256, g: 90, b: (i * 30) % 256 } },
      })
        .png()
        .toBuffer();
      const image = await ingestImage(db.pool, `seed-${i}.png`, png);
      await db.prisma.conversation.create({
        data: {
          mode: "battle",
          modelAId: "fake-alpha",
          modelBId: "fake-beta",
          turnCount: 1,
          language: "English",
          messages: {
            create: (["a", "b"] as const).map((side) => ({
              side,
              turn: 1,
              role: "user" as const,
              content: `${question}?`,
              images: { create: [{ imageSha256: image.sha256, position: 0 }] },
            })),
          },
        },
      });
    }
  });
}

test("staff curate, run, judge and read VisionArena-Bench", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await page.goto("/admin"); // the console puts the models file's models in the registry
  await seedBattles();
  await page.goto("/admin/bench");
  await expect(page.getByRole("heading", { name: "VisionArena-Bench" })).toBeVisible();

  const curate = page.getByRole("form", { name: "Curate" });
  await curate.getByLabel("Set name").fill("e2e-bench");
  await curate.getByLabel("Prompts").fill("6");
  await curate.getByLabel("Embedding model").selectOption("fake-embed");
  await curate.getByRole("button", { name: "Curate" }).click();
  await expect(page.getByRole("status")).toContainText("Curation queued");
  await until(page, () =>
    expect(page.getByRole("form", { name: "Run" }).getByLabel("Prompt set")).toContainText("e2e-bench@1 · 6 prompts", {
      timeout: 500,
    }),
  );

  const runForm = page.getByRole("form", { name: "Run" });
  for (const model of ["fake-alpha", "fake-beta", "fake-text"]) {
    await runForm.getByLabel("Prompt set").selectOption("e2e-bench@1");
    await runForm.getByLabel("Model").selectOption(model);
    await runForm.getByRole("button", { name: "Run" }).click();
    await expect(page.getByRole("status")).toContainText("Queued");
  }
  const runs = page.getByTestId("bench-runs");
  await until(page, async () => {
    await expect(runs.getByRole("row").filter({ hasText: "e2e-bench@1" }).filter({ hasText: "done" })).toHaveCount(3, {
      timeout: 500,
    });
  });
  await expect(
    runs.getByRole("row").filter({ hasText: "e2e-bench@1" }).filter({ hasText: "fake-alpha" }),
  ).toContainText("6/6");

  const judge = page.getByRole("form", { name: "Judge" });
  await judge.getByLabel("Prompt set").selectOption("e2e-bench@1");
  await judge.getByLabel("Anchor").selectOption("fake-beta");
  await judge.getByLabel("Judge").selectOption("fake-judge");
  await judge.getByRole("button", { name: "Judge" }).click();
  await expect(page.getByRole("status")).toContainText("Queued");
  const judgings = page.getByTestId("bench-judgings");
  await until(page, async () => {
    await expect(
      judgings.getByRole("row").filter({ hasText: "fake-beta · fake-judge" }).filter({ hasText: "done" }),
    ).toHaveCount(2, { timeout: 500 });
  });
  await expect(judgings.getByRole("row").filter({ hasText: "fake-alpha" })).toContainText("12/12");

  await page.goto("/bench");
  await expect(page.getByTestId("bench-info")).toContainText(
    "e2e-bench@1 · 6 prompts · anchor Fake Beta · judge fake-judge",
  );
  await expect(page.getByTestId("bench-method")).toContainText("arena-hard-auto v0.1 / WildVision-Bench");
  const rows = page.getByTestId("bench-table").locator("tbody tr");
  // a judging shows done before the jobs process has stored the bench's fresh scores, so the board may still be
  // the one scored after the first judging (two rows) for a moment
  await until(page, () => expect(rows).toHaveCount(3, { timeout: 500 }));
  // the judge's known preference comes back as the bench's order, the anchor at 50
  await expect(rows.nth(0)).toHaveAttribute("data-model", "fake-alpha");
  await expect(rows.nth(1)).toHaveAttribute("data-model", "fake-beta");
  await expect(rows.nth(1)).toContainText("50.0");
  await expect(rows.nth(2)).toHaveAttribute("data-model", "fake-text");
  await expect(page.getByTestId("chart-ratings")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Topics" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Agreement with the arena" })).toBeVisible();

  // staff can open one prompt and read both answers and both judgments
  await page.getByRole("heading", { name: /Prompts/ }).scrollIntoViewIfNeeded();
  await page.locator("ol a").first().click();
  await expect(page.getByRole("heading", { name: /^Prompt / })).toBeVisible();
  const alpha = page.locator('section[data-model="fake-alpha"]');
  await expect(alpha.locator("summary")).toHaveCount(2);
  await expect(alpha.locator("summary").first()).toHaveText(/Game 1 \(anchor as A\): (A|B)[>=]/);
});

test("visitors see the bench but not its prompts, and cannot start work", async ({ page }) => {
  await page.goto("/bench");
  await expect(page.getByRole("heading", { name: "VisionArena-Bench" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Prompts/ })).toHaveCount(0);
  const response = await page.request.post("/api/admin/bench", { data: { action: "curate" } });
  expect(response.status()).toBe(401);
  const item = await page.goto("/bench/items/anything");
  expect(item?.status()).toBe(401);
});
