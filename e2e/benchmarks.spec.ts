// Ground-truth benchmarks in the browser, as staff use them: a MathVista fixture (its own layout, images generated)
// put in the server's benchmark folder, imported from the console, answered by two fake models from the console
// (the jobs process runs and scores them), and read on /benchmarks — down to one run's items with each step of
// their verdicts.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, signIn } from "./accounts";
import { serverBenchmarkDir, until } from "./state";

async function writeFixture() {
  const dir = path.join(serverBenchmarkDir(), "mathvista");
  fs.mkdirSync(path.join(dir, "images"), { recursive: true });
  const items: Record<string, unknown> = {};
  for (const [i, answer] of ["35°", "Fake", "145°"].entries()) {
    const pid = String(i + 1);
    const png = await sharp({ create: { width: 30 + i, height: 20, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    fs.writeFileSync(path.join(dir, "images", `${pid}.png`), png);
    items[pid] = {
      pid,
      image: `images/${pid}.png`,
      question: `Question ${pid}`,
      choices: ["145°", "35°", "Fake"],
      precision: null,
      answer,
      question_type: "multi_choice",
      answer_type: "text",
      metadata: { language: "english", source: i < 2 ? "GeoQA+" : "IQTest", skills: ["geometry reasoning"] },
    };
  }
  fs.writeFileSync(path.join(dir, "testmini.json"), JSON.stringify(items));
}

test("staff import a benchmark and run models from the console; /benchmarks shows accuracy with intervals", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await writeFixture();
  await signIn(page, ADMIN);
  await page.goto("/admin/bench");
  const form = page.getByRole("form", { name: "Import" });
  await form.getByLabel("Benchmark").selectOption("mathvista");
  await form.getByLabel("Set name (optional)").fill("e2e-mathvista");
  await form.getByLabel("mathvista/testmini.json").check();
  await form.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("Import queued");
  const runForm = page.getByRole("form", { name: "Run" });
  await until(page, () =>
    expect(runForm.getByLabel("Prompt set")).toContainText("e2e-mathvista@1 · 3 prompts", { timeout: 500 }),
  );
  for (const model of ["fake-alpha", "fake-beta"]) {
    await runForm.getByLabel("Prompt set").selectOption("e2e-mathvista@1");
    await runForm.getByLabel("Model").selectOption(model);
    await runForm.getByRole("button", { name: "Run" }).click();
    await expect(page.getByRole("status")).toContainText("Queued");
  }
  await until(page, () =>
    expect(
      page.getByTestId("bench-runs").getByRole("row").filter({ hasText: "e2e-mathvista" }).filter({ hasText: "done" }),
    ).toHaveCount(2, {
      timeout: 500,
    }),
  );

  // the jobs process scored both runs when they finished
  await until(page, async () => {
    await page.goto("/benchmarks");
    await expect(page.getByTestId("benchmark-mathvista").locator("tbody tr")).toHaveCount(2, { timeout: 500 });
  });
  await expect(page.getByRole("heading", { name: "MathVista" })).toBeVisible();
  await expect(page.getByText(/random guess 17\.9%/)).toBeVisible();
  await expect(page.getByTestId("chart-ratings").first()).toBeVisible();
  await page
    .getByTestId("benchmark-mathvista")
    .locator('tr[data-model="fake-alpha"]')
    .getByRole("link", { name: "Items" })
    .click();
  await expect(page.getByRole("heading", { name: /fake-alpha on e2e-mathvista@1/ })).toBeVisible();
  await expect(page.locator("li[data-item]")).toHaveCount(3);
  await expect(page.locator('li[data-item="1"]')).toContainText("decided by");

  // lmms-eval's --log_samples of another model's answers, imported from the console and shown beside the native runs
  const samples = [
    ["1", "35°", true],
    ["2", "Fake", true],
    ["3", "35°", false],
  ].map(([pid, response, right]) =>
    JSON.stringify({
      doc_id: Number(pid),
      doc: { pid },
      resps: [[response]],
      filtered_resps: [response],
      gpt_eval_score: { question_id: pid, extraction: response, true_false: right },
    }),
  );
  fs.writeFileSync(path.join(serverBenchmarkDir(), "mathvista", "samples_mathvista.jsonl"), samples.join("\n"));
  await page.goto("/admin/bench");
  const predictions = page.getByRole("form", { name: "Predictions from a toolkit" });
  await predictions.getByLabel("Benchmark").selectOption("mathvista");
  await predictions.getByLabel("Toolkit").selectOption("lmms-eval");
  await predictions.getByLabel("File").selectOption("mathvista/samples_mathvista.jsonl");
  await predictions.getByLabel("Model").selectOption("fake-beta");
  await predictions.getByLabel("Set").selectOption("e2e-mathvista@1");
  await predictions.getByRole("button", { name: "Import predictions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported into" })).toContainText(
    "Imported into e2e-mathvista@1: 66.7% (2/3) by the official scoring, 66.7% (2/3) as the file reports; 0 items differ",
  );
  await page.goto("/benchmarks");
  const table = page.getByTestId("benchmark-mathvista");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table.locator('tr[data-model="fake-beta"]').filter({ hasText: "lmms-eval predictions" })).toContainText(
    "66.7%",
  );
});

test("visitors see benchmark results but not the items", async ({ page }) => {
  await page.goto("/benchmarks");
  await expect(page.getByRole("heading", { name: "Benchmarks", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Items" })).toHaveCount(0);
  const response = await page.request.post("/api/admin/bench", {
    data: { action: "import", benchmark: "mathvista", files: ["../../etc/passwd.json"] },
  });
  expect(response.status()).toBe(401);
});
