// npm run bench:pages: bytes on the wire for the first view of the public pages, from a cold browser (Chromium,
// empty cache), against the production server on the built app with demo models. Counts every response the page
// loads (HTML, JS, CSS, fonts, images, JSON) as the network carried it (compressed), and what it would have been
// uncompressed. Prints JSON.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { benchWorkspace, startBenchServer } from "./bench-server";

const PAGES = ["/", "/leaderboard", "/about"];
const TARGET_KB = 250;

const { dir, database } = await benchWorkspace("pages");
const server = await startBenchServer({
  DATABASE_URL: database.url,
  ARENA_DATA_DIR: dir,
  ARENA_SECRET: "bench-secret-0123456789",
});
// the system Chromium, as the browser tests use it (Playwright downloads none here)
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const pages: Record<string, { wireKB: number; bodyKB: number; requests: number; largest: string[] }> = {};
try {
  for (const url of PAGES) {
    // a new context is a cold browser: no cache, no cookies
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const urls = new Map<string, string>();
    const sizes = new Map<string, { wire: number; body: number }>();
    const sizeOf = (id: string) => {
      const entry = sizes.get(id) ?? { wire: 0, body: 0 };
      sizes.set(id, entry);
      return entry;
    };
    cdp.on("Network.responseReceived", (e) => urls.set(e.requestId, e.response.url));
    cdp.on("Network.dataReceived", (e) => {
      sizeOf(e.requestId).body += e.dataLength;
    });
    cdp.on("Network.loadingFinished", (e) => {
      sizeOf(e.requestId).wire = e.encodedDataLength;
    });
    await page.goto(`${server.base}${url}`, { waitUntil: "networkidle" });
    await context.close();
    const named = [...sizes].map(([id, s]) => ({ ...s, url: new URL(urls.get(id) ?? server.base).pathname }));
    pages[url] = {
      wireKB: Math.round(named.reduce((n, s) => n + s.wire, 0) / 102.4) / 10,
      bodyKB: Math.round(named.reduce((n, s) => n + s.body, 0) / 102.4) / 10,
      requests: named.length,
      largest: named
        .sort((a, b) => b.wire - a.wire)
        .slice(0, 3)
        .map((s) => `${s.url} ${(s.wire / 1024).toFixed(1)} KB`),
    };
  }
} finally {
  await browser.close();
  await server.stop();
  await database.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  JSON.stringify(
    {
      targetKB: TARGET_KB,
      pages,
      withinTarget: Object.values(pages).every((p) => p.wireKB <= TARGET_KB),
    },
    null,
    2,
  ),
);
