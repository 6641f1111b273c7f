// Page object for the arena pages, and helpers shared by the browser tests.
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

export const fakeUrl = () => process.env.E2E_FAKE_URL as string;

/** Changes what a fake model does, for the rest of the test (reset with resetFakeModels). */
export async function setFakeModel(name: string, behaviour: object) {
  const response = await fetch(`${fakeUrl()}/__control/models/${name}`, {
    method: "PUT",
    body: JSON.stringify(behaviour),
  });
  expect(response.ok).toBe(true);
}

export async function resetFakeModels() {
  await fetch(`${fakeUrl()}/__control/reset`, { method: "POST" });
}

/** Holds every request to `url` until the returned function is called: a slow server, to see a pending state. */
export async function holdRoute(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function pngImage(colour = "#2255dd", width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export class ArenaPage {
  constructor(readonly page: Page) {}

  async open(path = "/") {
    await this.page.goto(path);
    await this.page.getByRole("button", { name: /agree/i }).click();
    await expect(this.page.getByRole("dialog")).toHaveCount(0);
  }

  panel(side: "a" | "b") {
    return this.page.getByTestId(`panel-${side}`);
  }

  title(side: "a" | "b") {
    return this.page.getByTestId(`title-${side}`);
  }

  answers(side: "a" | "b") {
    return this.page.getByTestId(`answer-${side}`);
  }

  voteButton(label: "A is better" | "B is better" | "Tie" | "Both are bad") {
    return this.page.getByRole("button", { name: label, exact: true });
  }

  async attach(name: string, mimeType: string, buffer: Buffer) {
    await this.page.getByTestId("file-input").setInputFiles({ name, mimeType, buffer });
  }

  async ask(question: string) {
    await this.page.getByLabel("Your message").fill(question);
    await this.page.getByRole("button", { name: "Send", exact: true }).click();
  }

  /** Opens the arena (accepting the terms unless this visitor already has), attaches a plain picture of `colour`,
   *  asks, and waits until both answers have finished. */
  async battle(file: string, colour: string, question: string, { termsAccepted = false } = {}) {
    if (termsAccepted) await this.page.goto("/");
    else await this.open();
    await this.attach(file, "image/png", await pngImage(colour));
    await this.ask(question);
    await this.waitForAnswers();
  }

  /** A whole battle, voted, with the models revealed. */
  async votedBattle(
    file: string,
    colour: string,
    question: string,
    vote: Parameters<ArenaPage["voteButton"]>[0],
    options: { termsAccepted?: boolean } = {},
  ) {
    await this.battle(file, colour, question, options);
    await this.voteButton(vote).click();
    await expect(this.title("a")).toHaveText(/Fake/);
  }

  /** Waits until the latest answer on every shown side has finished. */
  async waitForAnswers(sides: ("a" | "b")[] = ["a", "b"], count = 1) {
    for (const side of sides) {
      await expect(this.answers(side)).toHaveCount(count);
      await expect(this.answers(side).last()).toHaveAttribute("data-status", "done");
    }
  }
}

/** The text of every chart label or value whose box falls outside its SVG (cut off on screen); [] when none. */
export function clippedChartText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const svg of Array.from(document.querySelectorAll("svg[role=img]"))) {
      const box = svg.getBoundingClientRect();
      for (const text of Array.from(svg.querySelectorAll("text"))) {
        const r = text.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
          clipped.push(`${svg.getAttribute("aria-label")}: ${text.textContent}`);
      }
    }
    return clipped;
  });
}
