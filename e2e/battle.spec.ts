import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ArenaPage, fakeUrl, pngImage, resetFakeModels, setFakeModel } from "./arena-page";

test.afterEach(resetFakeModels);

test("a full battle: upload, stream, vote, reveal, share", async ({ page }) => {
  // the default replies, slower: both sides must be seen streaming together, on a cold server too (a first test of
  // a run once saw side A finished before its page had drawn the stream)
  await setFakeModel("fake-alpha", { reply: "## Alpha answer\nThe image is **blue**.", tokenDelayMs: 400 });
  await setFakeModel("fake-beta", { reply: "Beta thinks it is blue.", tokenDelayMs: 400 });
  const arena = new ArenaPage(page);
  await arena.open();
  await expect(page.getByText("if a model reveals its identity, your vote does not count")).toBeVisible();
  await expect(arena.title("a")).toHaveText("Model A");
  await expect(arena.title("b")).toHaveText("Model B");
  await arena.attach("square.png", "image/png", await pngImage());
  await expect(page.getByRole("img", { name: "square.png" })).toBeVisible();
  for (const label of ["A is better", "B is better", "Tie", "Both are bad"] as const)
    await expect(arena.voteButton(label)).toBeDisabled();
  await arena.ask("What colour is this?");
  // both sides stream at the same time (watched together: one after the other, a slow page could see B finished)
  await Promise.all(
    (["a", "b"] as const).map((side) =>
      expect(arena.answers(side).first()).toHaveAttribute("data-status", "streaming"),
    ),
  );
  await arena.waitForAnswers();
  const texts = [await arena.answers("a").innerText(), await arena.answers("b").innerText()].join("\n");
  expect(texts).toContain("Alpha answer");
  expect(texts).toContain("Beta thinks it is blue.");
  // rendered markdown: the heading is a real heading
  await expect(page.getByRole("heading", { name: "Alpha answer" })).toBeVisible();
  await expect(arena.title("a")).toHaveText("Model A");

  await arena.voteButton("A is better").click();
  await expect(arena.title("a")).toHaveText(/^Model A: Fake (Alpha|Beta)$/);
  await expect(arena.title("b")).toHaveText(/^Model B: Fake (Alpha|Beta)$/);
  expect(await arena.title("a").innerText()).not.toBe(await arena.title("b").innerText());
  await expect(arena.voteButton("B is better")).toBeDisabled();
  // the reveal: the chosen side marked, each model with its organisation and a link to its page
  await expect(page.getByTestId("verdict-a")).toHaveText("Your pick");
  await expect(page.getByTestId("verdict-b")).toHaveText("Not chosen");
  await expect(page.getByTestId("reveal-a")).toContainText(
    /(Alpha Labs|Beta Works) · (Arena Score \d+|not on the leaderboard yet)/,
  );
  // each answer's time to first token, total time and tokens, after the reveal and after a reload (issue 69)
  for (const side of ["a", "b"] as const)
    await expect(arena.panel(side).getByTestId("answer-stats")).toHaveText(
      /^First token \d+\.\d s · \d+\.\d s in all · \d+ tokens$/,
    );
  await expect(page.getByTestId("reveal-a").getByRole("link", { name: "Model page" })).toHaveAttribute(
    "href",
    /\/models\/fake-(alpha|beta)$/,
  );
  // the follow-up box gives way to the reason and a New battle button
  await expect(page.getByTestId("battle-over")).toContainText("this battle is over");
  await expect(page.getByLabel("Your message")).toHaveCount(0);

  const share = page.getByTestId("share-link");
  const href = (await share.getAttribute("href")) as string;
  // one click copies the link
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
  await page.goto(href);
  await expect(page.getByTestId("verdict")).toHaveText("A is better");
  await expect(page.getByRole("heading", { name: /Model A: Fake/ })).toBeVisible();
  const image = page
    .getByRole("button", { name: /^Enlarge the picture: The picture asked about: / })
    .first()
    .locator("img");
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  // social sites get a preview card of the battle
  const card = (await page.locator('meta[property="og:image"]').getAttribute("content")) as string;
  const preview = await page.request.get(card);
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-type"]).toBe("image/png");
  expect(await sharp(await preview.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
});

test("multi-turn, regenerate and new round", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.battle("a.png", "#aa3333", "First question");
  await arena.ask("A follow-up");
  await arena.waitForAnswers(["a", "b"], 2);
  await expect(arena.panel("a").getByText("A follow-up")).toBeVisible();

  await setFakeModel("fake-alpha", { reply: "Regenerated alpha.", tokenDelayMs: 5 });
  await setFakeModel("fake-beta", { reply: "Regenerated beta.", tokenDelayMs: 5 });
  await page.getByRole("button", { name: "Regenerate" }).click();
  // the regenerated answers replace the last ones (the count stays 2): wait for their text, not for the count
  const latest = [arena.answers("a").last(), arena.answers("b").last()];
  await expect
    .poll(async () => (await Promise.all(latest.map((l) => l.innerText()))).sort())
    .toEqual(["Regenerated alpha.", "Regenerated beta."]);
  await arena.waitForAnswers(["a", "b"], 2);

  await page.getByRole("button", { name: "New battle" }).click();
  await expect(arena.answers("a")).toHaveCount(0);
  await expect(page.getByLabel("Your message")).toHaveAttribute("placeholder", /Upload an image/);
});

test("a provider failing mid-stream shows that side's error with a retry that works", async ({ page }) => {
  await setFakeModel("fake-beta", {
    reply: "I will stop half way through",
    tokenDelayMs: 10,
    failure: { kind: "cut", afterTokens: 3 },
  });
  const arena = new ArenaPage(page);
  await arena.open();
  await arena.attach("b.png", "image/png", await pngImage());
  await arena.ask("Describe it");
  const failed = page.getByRole("alert").filter({ hasText: "stopped unexpectedly" });
  await expect(failed).toHaveCount(1);
  await expect(arena.voteButton("Tie")).toBeDisabled();
  await setFakeModel("fake-beta", { reply: "Beta is back.", tokenDelayMs: 5 });
  await failed.getByRole("button", { name: "Retry" }).click();
  await arena.waitForAnswers();
  await expect(page.getByText("Beta is back.")).toBeVisible();
  await expect(arena.voteButton("Tie")).toBeEnabled();
});

test("a reasoning model and an o-style model: thinking shown only as time, the thought folded away after the vote, math typeset", async ({
  page,
}) => {
  // a model served raw, thinking in <think> tags and answering with LaTeX; and one that streams its thinking in
  // OpenRouter's `reasoning` field and refuses max_tokens and non-default temperatures, as o-series models do
  await setFakeModel("fake-alpha", {
    reply:
      "<think>I count the crimson pixels one by one before I answer</think>\n\nIt is **red**. Half the base times the height: $\\frac{1}{2}ab = 6$, and\n\n$$c = \\sqrt{a^2+b^2}$$",
    tokenDelayMs: 150,
  });
  await setFakeModel("fake-beta", {
    reasoning: { field: "reasoning", text: "The scarlet square reminds me of a postbox" },
    reply: "Beta sees red.",
    tokenDelayMs: 20,
    refuses: ["max_tokens", "temperature"],
  });
  const arena = new ArenaPage(page);
  await arena.open();
  await arena.attach("r.png", "image/png", await pngImage("#cc1111"));
  await arena.ask("What colour is this?");
  await expect(page.getByTestId("thinking").first()).toContainText("thinking…");
  await arena.waitForAnswers();
  // both sides answered (the o-style one after learning its parameters); nothing of the thoughts before the vote
  await expect(page.getByText("Beta sees red.")).toBeVisible();
  await expect(page.getByText("It is red.", { exact: false })).toBeVisible();
  const before = await page.content();
  expect(before).not.toContain("crimson");
  expect(before).not.toContain("scarlet");
  await expect(page.getByTestId("thought")).toHaveCount(0);
  // the math is typeset, inline and as a display formula, not shown as LaTeX source
  await expect(page.locator(".katex").first()).toBeVisible();
  await expect(page.locator(".katex-display")).toHaveCount(1);
  expect(await page.locator("[data-testid^=answer-]").allInnerTexts()).not.toContain("$\\frac");
  await arena.voteButton("Tie").click();
  const thought = page.getByTestId("thought");
  await expect(thought).toHaveCount(2);
  for (const one of await thought.all()) await expect(one.locator("summary")).toHaveText(/^Thought for \d+ s$/);
  await expect(page.getByText(/crimson pixels/)).toBeHidden(); // folded
  await thought.filter({ hasText: "crimson" }).locator("summary").click();
  await expect(page.getByText(/crimson pixels/)).toBeVisible();
  // the share page typesets the math too
  await page.goto((await page.getByTestId("share-link").getAttribute("href")) as string);
  await expect(page.locator(".katex-display")).toHaveCount(1);
  await expect(page.locator(".katex").first()).toBeVisible();
});

test("Stop ends both streams where they are (the providers see their connections close); the battle can be voted", async ({
  page,
}) => {
  const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
  await setFakeModel("fake-alpha", { reply: long, tokenDelayMs: 40 });
  await setFakeModel("fake-beta", { reply: long, tokenDelayMs: 40 });
  const arena = new ArenaPage(page);
  await arena.open();
  await arena.attach("s.png", "image/png", await pngImage());
  await arena.ask("Describe this at length");
  await expect(arena.answers("a")).toContainText("word3");
  await expect(arena.answers("b")).toContainText("word3");
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await arena.waitForAnswers();
  await expect(page.getByTestId("stopped-a")).toHaveText("Stopped");
  await expect(page.getByTestId("stopped-b")).toHaveText("Stopped");
  expect(await arena.answers("a").innerText()).not.toContain("word299");
  const closed = async () => {
    const requests = (await (await fetch(`${fakeUrl()}/__control/requests`)).json()) as { closedByClient?: boolean }[];
    return requests.slice(-2).map((r) => r.closedByClient);
  };
  await expect.poll(closed).toEqual([true, true]);
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  await arena.voteButton("A is better").click();
  await expect(page.getByTestId("verdict-a")).toHaveText("Your pick");
});

test("random image fills a preset and its question", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  await page.getByRole("button", { name: "Random image" }).click();
  await expect(page.getByRole("img", { name: /^preset / })).toBeVisible();
  await expect(page.getByLabel("Your message")).not.toHaveValue("");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await arena.waitForAnswers();
  // the image is shown once, above both answers
  const thumb = page
    .getByTestId("battle-images")
    .getByRole("button", { name: /^Enlarge the picture: The picture asked about: / });
  await expect(thumb).toBeVisible();
  // the picture opens large, zooms, links to its original, and Esc closes it
  await thumb.click();
  const viewer = page.getByTestId("image-viewer");
  await expect(viewer).toBeVisible();
  const picture = page.getByTestId("image-viewer-picture");
  const before = (await picture.boundingBox())?.width ?? 0;
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer).toContainText("200%");
  expect((await picture.boundingBox())?.width ?? 0).toBeGreaterThan(before);
  await expect(viewer.getByRole("link", { name: "Open original" })).toHaveAttribute(
    "href",
    /^\/api\/images\/|^blob:|^\/presets\//,
  );
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(arena.panel("a").getByRole("img")).toHaveCount(0);
});

test("Random image keeps a question the visitor typed, and a second one keeps it too (issue 69)", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  await page.getByLabel("Your message").fill("What is the tallest thing here?");
  await page.getByRole("button", { name: "Random image" }).click();
  await expect(page.getByRole("img", { name: /^preset / })).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue("What is the tallest thing here?");
  await page.getByRole("button", { name: "Random image" }).click();
  await expect(page.getByLabel("Your message")).toHaveValue("What is the tallest thing here?");
  // with the box emptied, the next picture brings its own question, and the one after replaces that one
  await page.getByLabel("Your message").fill("");
  await page.getByRole("button", { name: "Random image" }).click();
  await expect(page.getByLabel("Your message")).not.toHaveValue("");
});

test("bad uploads are named the moment they are attached, each one; the server refuses them too", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  const png = await pngImage();
  await page.getByTestId("file-input").setInputFiles([
    { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("this is plain text, not a picture") },
    { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(16 * 1024 * 1024, 1) },
    // a PNG signature followed by garbage: right type by its first bytes, yet no picture
    { name: "broken.png", mimeType: "image/png", buffer: Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]) },
    { name: "fine.png", mimeType: "image/png", buffer: png },
  ]);
  const errors = page.getByTestId("attach-errors").getByRole("listitem");
  await expect(errors).toHaveText([
    "notes.png is not a PNG, JPEG, WebP or GIF image",
    "huge.png is 16.0 MB; images may be at most 15 MB",
    "broken.png could not be read: the file is damaged or not really an image",
  ]);
  // the good one is kept, the bad ones never become thumbnails
  await expect(page.getByRole("img", { name: "fine.png" })).toBeVisible();
  await expect(page.getByRole("img", { name: /notes|huge|broken/ })).toHaveCount(0);
  // more than the limit: the extra files are named too
  await page
    .getByTestId("file-input")
    .setInputFiles(["2", "3", "4", "5"].map((n) => ({ name: `more-${n}.png`, mimeType: "image/png", buffer: png })));
  await expect(errors).toHaveText(["more-5.png was not added: at most 4 images per message"]);
  await expect(page.getByRole("img", { name: /^(fine|more-\d)\.png$/ })).toHaveCount(4);

  // the server stays the authority, whatever a browser lets through
  const notImage = await page.request.post("/api/conversations", {
    multipart: { prompt: "hi", images: { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("text") } },
  });
  expect(notImage.status()).toBe(415);
  expect((await notImage.json()).error.message).toBe("notes.png is not a PNG, JPEG, WebP or GIF image");
  // a PNG's first bytes, then more than the per-image limit: refused at the cap (the body is read as a stream, so
  // a file that is not an image is refused at its first bytes, before its size is known)
  const response = await page.request.post("/api/conversations", {
    multipart: {
      prompt: "hi",
      images: {
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.concat([png.subarray(0, 16), Buffer.alloc(16 * 1024 * 1024)]),
      },
    },
  });
  expect(response.status()).toBe(413);
  expect((await response.json()).error.code).toBe("image_too_large");
});

test("a second, different vote is refused; the same vote again is harmless", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.votedBattle("c.png", "#2255dd", "Vote twice?", "Tie");
  const id = ((await page.getByTestId("share-link").getAttribute("href")) as string).split("/").pop();
  const again = await page.request.post(`/api/conversations/${id}/vote`, { data: { winner: "tie" } });
  expect(again.status()).toBe(200);
  const other = await page.request.post(`/api/conversations/${id}/vote`, { data: { winner: "model_a" } });
  expect(other.status()).toBe(409);
  expect((await other.json()).error).toEqual({
    code: "already_voted",
    message: expect.stringContaining("already voted"),
  });
  const malformed = await page.request.post(`/api/conversations/${id}/vote`, {
    headers: { "Content-Type": "application/json" },
    data: "{oops",
  });
  expect(malformed.status()).toBe(400);
});

test("rate limits answer 429 with Retry-After and a friendly message in the page", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open("/chat");
  let last = 0;
  for (let i = 0; i < 8; i++) {
    const response = await page.request.post("/api/conversations", {
      multipart: { mode: "direct", prompt: `hello ${i}`, modelA: "fake-text" },
    });
    last = response.status();
    if (last === 429) break;
  }
  const limited = await page.request.post("/api/conversations", {
    multipart: { mode: "direct", prompt: "one more", modelA: "fake-text" },
  });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  await arena.ask("and from the page?");
  await expect(page.getByTestId("notice")).toContainText("faster than we can serve");
});

test("direct chat with a chosen model", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open("/chat");
  await page.getByRole("combobox", { name: "Model" }).selectOption("fake-alpha");
  await arena.attach("d.png", "image/png", await pngImage());
  await arena.ask("Hello model");
  await arena.waitForAnswers(["a"]);
  await expect(arena.title("a")).toHaveText("Model: Fake Alpha");
  await expect(page.getByRole("button", { name: "A is better" })).toHaveCount(0);
});

test("the battle's own address, opened by someone else, shows its read-only page with a way to start one", async ({
  page,
  browser,
}) => {
  const arena = new ArenaPage(page);
  await arena.battle("f.png", "#2255dd", "What colour is this?");
  await arena.voteButton("Tie").click();
  await expect(page.getByTestId("verdict-a")).toHaveText("Tie");
  const address = page.url();
  expect(address).toMatch(/\?c=[0-9a-f-]{36}$/);
  // a friend, with their own cookies, opens the address bar's link
  const friend = await browser.newContext();
  const other = await friend.newPage();
  await other.goto(address);
  await expect(other).toHaveURL(/\/share\/[0-9a-f-]{36}$/);
  await expect(other.getByTestId("verdict")).toHaveText("Tie");
  await other.getByRole("link", { name: "Start your own battle" }).click();
  await expect(other).toHaveURL(/\/$/);
  await friend.close();
});

test("an image pasted onto the page or dropped anywhere on it is attached (issue 69)", async ({ page }) => {
  const arena = new ArenaPage(page);
  await arena.open();
  const png = (await pngImage("#aa3366")).toString("base64");
  // a screenshot pasted while no field has the focus, then a file dropped on the page's heading
  await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const pasted = new DataTransfer();
    pasted.items.add(new File([bytes], "screenshot.png", { type: "image/png" }));
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: pasted, bubbles: true, cancelable: true }),
    );
    const dropped = new DataTransfer();
    dropped.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
    const heading = document.querySelector("h1") as HTMLElement;
    heading.dispatchEvent(new DragEvent("dragover", { dataTransfer: dropped, bubbles: true, cancelable: true }));
    heading.dispatchEvent(new DragEvent("drop", { dataTransfer: dropped, bubbles: true, cancelable: true }));
  }, png);
  await expect(page.getByRole("button", { name: /screenshot\.png/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /dropped\.png/ })).toBeVisible();
  await arena.ask("What colour are these?");
  await arena.waitForAnswers();
});
