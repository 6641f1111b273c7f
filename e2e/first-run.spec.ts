// What a new deployment shows on its first run (issue 40): the demo story told the same way on every page when the
// arena keeps a labelled demo board, and `npm run dev` working when opened at 127.0.0.1 as well as localhost.
// Each test starts an app of its own over a database of its own, with the built-in demo models.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { freePort } from "../lib/db/free-port";
import { startApp, waitForHealth } from "../tests/integration/app-server";
import { scratchServerDatabase } from "./state";

const WIDTHS = [320, 1366];

test("with a demo board on, no page says demo battles count on no board", async ({ page }) => {
  test.setTimeout(120_000);
  const database = await scratchServerDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-first-run-"));
  const app = await startApp({
    databaseUrl: database.url,
    env: { ARENA_MODELS_FILE: "", ARENA_DATA_DIR: dataDir, ARENA_LEADERBOARD_INCLUDE_DEMO: "1" },
  });
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const address of ["/data", "/research", "/leaderboard", "/leaderboard?category=ocr", "/about"]) {
        await page.goto(`${app.baseURL}${address}`);
        const body = page.locator("body");
        await expect(body, `${address} at ${width}`).not.toContainText("count on no board");
        const note = page.getByTestId("demo-note");
        if (await note.count()) await expect(note.first(), `${address} at ${width}`).toContainText("demo board");
      }
    }
    // the demo models answer the question asked (a phone, as a newcomer meets them): three drawn triangles
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseURL}/`);
    await page.getByRole("button", { name: "I agree" }).click();
    const triangles = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="300"><rect width="100%" height="100%" fill="white"/>${[
          80, 280, 480,
        ]
          .map((x) => `<polygon points="${x},220 ${x + 60},80 ${x + 120},220" fill="#d32f2f"/>`)
          .join("")}</svg>`,
      ),
    )
      .png()
      .toBuffer();
    await page.getByTestId("file-input").setInputFiles({ name: "t.png", mimeType: "image/png", buffer: triangles });
    await page.getByLabel("Your message").fill("How many triangles are there?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    for (const side of ["a", "b"] as const) {
      await page.getByTestId(`show-${side}`).click();
      const answer = page.getByTestId(`answer-${side}`).last();
      await expect(answer).toHaveAttribute("data-status", "done", { timeout: 60_000 });
      await expect(answer).toContainText("3 triangles");
      await expect(answer).not.toContainText("bird");
    }
  } finally {
    await app.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("`npm run dev` works opened at 127.0.0.1: the terms dialog opens and Random image takes a picture", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const database = await scratchServerDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-dev-"));
  const port = await freePort();
  let dev: ChildProcess | undefined;
  const errors: string[] = [];
  try {
    dev = spawn(process.execPath, ["--import", "tsx", "scripts/run-app.ts", "dev", "-p", String(port)], {
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: database.url,
        ARENA_MODELS_FILE: "",
        ARENA_DATA_DIR: dataDir,
        ARENA_SECRET: "dev-origin-secret-123456",
      },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    dev.stderr?.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
    await waitForHealth(`http://127.0.0.1:${port}`, 180_000);
    await page.goto(`http://127.0.0.1:${port}/`, { timeout: 180_000 });
    // hydrated: the terms dialog of a first visit opens, and its button works
    const terms = page.getByRole("dialog");
    await expect(terms, errors.join("")).toBeVisible({ timeout: 120_000 });
    // only a running script closes it (it calls the API first)
    await terms.getByRole("button", { name: "I agree" }).click();
    await expect(terms).toHaveCount(0, { timeout: 30_000 });
    await page.getByRole("button", { name: "Random image" }).click();
    await expect(page.getByRole("img", { name: /^preset / }).first()).toBeVisible({ timeout: 60_000 });
    expect(errors.join("")).not.toMatch(/Blocked cross-origin request/i);
  } finally {
    if (dev?.pid) {
      try {
        process.kill(-dev.pid, "SIGTERM");
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
