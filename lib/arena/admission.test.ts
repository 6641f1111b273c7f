import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { admitUpload, uploadAdmission } from "./admission";

const settings = {
  ARENA_UPLOADS_IN_FLIGHT: "2",
  ARENA_UPLOADS_QUEUE: "1",
  ARENA_UPLOADS_PER_VISITOR: "2",
  ARENA_CLASSIFIER_WAIT_MS: "100000",
};

describe("admission of uploads", () => {
  const saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    for (const [name, value] of Object.entries(settings)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it("holds places, queues a bounded few, refuses the rest at once with Retry-After, and passes places on", async () => {
    const first = await admitUpload("v1");
    const second = await admitUpload("v2");
    expect(uploadAdmission()).toEqual({ reading: 2, waiting: 0 });
    let thirdIn = false;
    const third = admitUpload("v3").then((release) => {
      thirdIn = true;
      return release;
    });
    await Promise.resolve();
    expect(uploadAdmission()).toEqual({ reading: 2, waiting: 1 });
    // the queue is full: refused at once, 503 with a Retry-After
    await expect(admitUpload("v4")).rejects.toMatchObject({ kind: "unavailable", code: "busy", retryAfterSeconds: 1 });
    first();
    first(); // a second release changes nothing
    const released = await third;
    expect(thirdIn).toBe(true);
    expect(uploadAdmission()).toEqual({ reading: 2, waiting: 0 });
    second();
    released();
    expect(uploadAdmission()).toEqual({ reading: 0, waiting: 0 });
  });

  it("refuses one visitor's upload past its own cap (429), counting the ones still waiting", async () => {
    const a = await admitUpload("same");
    const b = await admitUpload("same");
    await expect(admitUpload("same")).rejects.toMatchObject({ kind: "rate_limited", code: "uploads_in_flight" });
    a();
    const c = await admitUpload("same");
    b();
    c();
    expect(uploadAdmission()).toEqual({ reading: 0, waiting: 0 });
  });

  it("refuses an upload with images when the classifier would make it wait past the budget", async () => {
    process.env.ARENA_CLASSIFIER_WAIT_MS = "0";
    const held = [await admitUpload("x1", { images: false }), await admitUpload("x2", { images: false })];
    // two uploads ahead, whatever the time per image: past a budget of 0 ms
    await expect(admitUpload("x3")).rejects.toMatchObject({ code: "busy" });
    for (const release of held) release();
  });
});
