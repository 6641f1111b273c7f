// Every page at a phone's, a tablet's and a laptop's width: axe finds no serious or critical violation, nothing is
// wider than the screen (at 390 px too), and with E2E_SCREENS=1 a screenshot of each is kept
// (test-results/screens/<width>/<page>.png).
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signIn } from "./accounts";
import { ArenaPage, pngImage } from "./arena-page";

/** The narrowest phone, a common phone, a tablet and a laptop. At 390 px only the public pages are checked (the
 *  battle flow and the console at the edges): all of it there cost 43 s of a 1,238 s run. */
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 900 },
];

/** The narrowest and the widest: where the battle flow and the staff console are checked (the public pages, what
 *  most people see, at every width). Four widths of both took ~3 of the run's 20 minutes. */
const EDGES = new Set([320, 1366]);

const PUBLIC = [
  ["battle", "/"],
  ["side-by-side", "/side-by-side"],
  ["direct-chat", "/chat"],
  ["leaderboard", "/leaderboard"],
  ["leaderboard-style", "/leaderboard?category=overall&style=1"],
  ["leaderboard-composite", "/leaderboard?board=composite"],
  ["which-model", "/which-model"],
  ["model", "/models/fake-alpha"],
  ["about", "/about"],
  ["methodology", "/methodology"],
  ["bench", "/bench"],
  ["benchmarks", "/benchmarks"],
  ["data", "/data"],
  ["failures", "/failures"],
  ["history", "/history"],
  ["me", "/me"],
  ["credits", "/credits"],
  ["explore", "/explore"],
  ["signin", "/signin"],
  ["not-found", "/no-such-page"],
] as const;

const DARK = new Set(["battle", "leaderboard", "model", "about", "benchmarks", "data", "not-found"]);

const STAFF = [
  ["admin", "/admin"],
  ["admin-leaderboard", "/admin/leaderboard"],
  ["admin-moderation", "/admin/moderation"],
  ["admin-failures", "/admin/failures"],
  ["admin-integrity", "/admin/integrity"],
  ["admin-settings", "/admin/settings"],
  ["admin-tokens", "/admin/tokens"],
  ["admin-users", "/admin/users"],
  ["admin-audit", "/admin/audit"],
  ["admin-bench", "/admin/bench"],
  ["admin-drift", "/admin/drift"],
  ["research", "/research"],
] as const;

/** Does `action`, then resolves once no request of the page has been in flight for `quietMs` (Playwright's
 *  "networkidle" waits a fixed 500 ms after the last one: with ~110 pages checked a run, ~40 s of waiting on pages
 *  that load nothing more). The requests are watched from before the action, so none it starts is missed. */
async function networkQuiet(page: Page, action: () => Promise<unknown>, quietMs = 250, timeoutMs = 10_000) {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await action();
    last = Date.now();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(50);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/** Widths whose pages axe reads: the phone and the laptop layouts (and the laptop's dark theme). At 390 and 768 px
 *  the width is checked and the screenshot kept, and axe's ~1–1.5 s a page is spared (the 768 px pass took 66 s
 *  with axe against 22 s at 390 px without, in the last CI run): a trade made for CI's 25-minute budget — the
 *  tablet width keeps its overflow check, and axe still reads both layouts it sits between. */
const AXE_WIDTHS = new Set([320, 1366]);

/** Full-page screenshots of every page checked, for people to look at (E2E_SCREENS=1): nothing reads them, and the
 *  ~110 of a run cost 25 s of CI's budget (measured on this machine), so a plain run checks without keeping them. */
const KEEP_SCREENS = process.env.E2E_SCREENS === "1";

async function check(page: Page, name: string, width: number) {
  // charts and lazy parts load as they scroll in: go to the bottom and back so they are all there
  await networkQuiet(page, () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)));
  await page.evaluate(() => window.scrollTo(0, 0));
  if (AXE_WIDTHS.has(width)) {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious, `${name} at ${width} px`).toEqual([]);
  }
  // what sticks out past the right edge, outermost first (empty when the page fits)
  const wide = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const r = element.getBoundingClientRect();
      if (r.right <= limit + 1) continue;
      // inside a scrolling box, wide content is fine
      let parent = element.parentElement;
      let scrolls = false;
      while (parent && parent !== document.body) {
        if (["auto", "scroll", "hidden"].includes(getComputedStyle(parent).overflowX)) scrolls = true;
        parent = parent.parentElement;
      }
      if (!scrolls) out.push(`${element.tagName.toLowerCase()}.${element.className} (${Math.round(r.right)} px)`);
    }
    return out.slice(0, 5);
  });
  expect(wide, `${name} at ${width} px is wider than the screen`).toEqual([]);
  if (KEEP_SCREENS)
    await page.screenshot({ path: path.join("test-results", "screens", String(width), `${name}.png`), fullPage: true });
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("public pages, a battle under way and a shared battle", async ({ page }) => {
      // 25 pages with axe at the widest width took 1.6–2.1 min on two shared cores
      test.setTimeout(240_000);
      const arena = new ArenaPage(page);
      await arena.open();
      for (const [name, url] of PUBLIC) {
        await page.goto(url);
        await check(page, name, size.width);
      }
      // technical notes are not for visitors
      await page.goto("/data");
      await expect(page.getByText("cl100k_base")).toHaveCount(0);
      await expect(page.getByTestId("staff-details")).toHaveCount(0);
      // the dark theme (as the system asks for it) keeps its contrast too
      if (size.width > 1000) {
        await page.emulateMedia({ colorScheme: "dark" });
        for (const [name, url] of PUBLIC.filter(([n]) => DARK.has(n))) {
          await page.goto(url);
          await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
          await check(page, `dark-${name}`, size.width);
        }
        await page.emulateMedia({ colorScheme: "light" });
      }
      if (!EDGES.has(size.width)) return;
      // the terms dialog
      await page.context().clearCookies();
      await page.goto("/");
      await expect(page.getByRole("dialog")).toBeVisible();
      await check(page, "terms", size.width);
      await page.getByRole("button", { name: /agree/i }).click();
      // a battle, answered and voted, and its share page
      await arena.attach("screens.png", "image/png", await pngImage("#3366cc", 320, 200));
      await arena.ask("What is in this picture? Describe it in detail.");
      await arena.waitForAnswers();
      await check(page, "battle-answered", size.width);
      await arena.voteButton("A is better").click();
      await expect(page.getByTestId("verdict-a")).toBeVisible();
      await check(page, "battle-revealed", size.width);
      // into the public gallery, and a report of answer B for the moderation desk (checked with the staff pages)
      await page.getByRole("button", { name: "Show in the public gallery" }).click();
      await expect(page.getByRole("button", { name: "Remove from the gallery" })).toBeVisible();
      const shareHref = (await page.getByTestId("share-link").getAttribute("href")) as string;
      const battleId = shareHref.split("/").at(-1) as string;
      const reported = await page.request.post(`/api/conversations/${battleId}/report`, {
        data: { side: "b", reason: "wrong", note: "Checked by the page tests" },
      });
      expect(reported.ok()).toBe(true);
      await page.goto("/explore");
      await expect(page.locator(`li[data-battle="${battleId}"]`)).toBeVisible();
      await check(page, "explore-listed", size.width);
      await page.goto(shareHref);
      await check(page, "share", size.width);
      // the link preview card of the shared battle: served as a picture (kept beside the screenshots when asked)
      const card = (await page.locator('meta[property="og:image"]').getAttribute("content")) as string;
      const preview = await page.request.get(card);
      expect(preview.headers()["content-type"]).toMatch(/^image\//);
      if (KEEP_SCREENS) {
        fs.mkdirSync(path.join("test-results", "screens"), { recursive: true });
        fs.writeFileSync(path.join("test-results", "screens", "share-card.png"), await preview.body());
      }
    });

    if (!EDGES.has(size.width)) return;
    test("staff pages", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, ADMIN);
      for (const [name, url] of STAFF) {
        await page.goto(url);
        await check(page, name, size.width);
      }
      // staff find the technical notes behind a summary
      await page.goto("/data");
      await page.getByTestId("staff-details").getByText("Technical details").click();
      await expect(page.getByTestId("staff-details")).toContainText("cl100k_base");
    });
  });
}
