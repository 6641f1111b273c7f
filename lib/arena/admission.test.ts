import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { admitUpload, uploadAdmission } from "./admission";

const MB = 1024 * 1024;
const settings = {
  ARENA_UPLOADS_IN_FLIGHT: "3",
  ARENA_UPLOAD_MB_IN_FLIGHT: "10",
  ARENA_UPLOADS_QUEUE: "1",
  ARENA_UPLOADS_PER_VISITOR: "2",
  ARENA_NSFW_CHECK: "1",
  ARENA_CLASSIFIER_WAIT_MS: "100000",
};
const body = (megabytes: number, images = true) => ({ images, bytes: megabytes * MB });

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

  it("reads bodies within the memory budget, queues a bounded few, refuses the rest at once, and lets them in", async () => {
    const first = await admitUpload("v1", body(6));
    const second = await admitUpload("v2", body(4));
    expect(uploadAdmission()).toEqual({ reading: 2, megabytes: 10, admitted: 2, waiting: 0 });
    let thirdIn = false;
    const third = admitUpload("v3", body(5)).then((release) => {
      thirdIn = true;
      return release;
    });
    await Promise.resolve();
    expect(uploadAdmission()).toMatchObject({ waiting: 1 });
    // the queue is full: refused at once, 503 with a Retry-After
    await expect(admitUpload("v4", body(1))).rejects.toMatchObject({
      kind: "unavailable",
      code: "busy",
      retryAfterSeconds: 1,
    });
    first();
    first(); // a second release changes nothing
    const released = await third;
    expect(thirdIn).toBe(true);
    expect(uploadAdmission()).toEqual({ reading: 2, megabytes: 9, admitted: 2, waiting: 0 });
    second();
    released();
    expect(uploadAdmission()).toEqual({ reading: 0, megabytes: 0, admitted: 0, waiting: 0 });
    // a body larger than the whole budget gets in when nothing else is read
    const alone = await admitUpload("v5", body(61));
    alone();
    // and small bodies wait for a place when every place is taken
    const small = [
      await admitUpload("s1", body(0.1)),
      await admitUpload("s2", body(0.1)),
      await admitUpload("s3", body(0.1)),
    ];
    let fourthIn = false;
    const fourth = admitUpload("s4", body(0.1)).then((release) => {
      fourthIn = true;
      return release;
    });
    await Promise.resolve();
    expect(fourthIn).toBe(false);
    small[0]?.();
    (await fourth)();
    for (const release of small) release();
  });

  it("refuses one visitor's upload past its own cap (429), counting the ones still waiting", async () => {
    const a = await admitUpload("same", body(1));
    const b = await admitUpload("same", body(1));
    await expect(admitUpload("same", body(1))).rejects.toMatchObject({
      kind: "rate_limited",
      code: "uploads_in_flight",
    });
    a();
    const c = await admitUpload("same", body(1));
    b();
    c();
    expect(uploadAdmission()).toEqual({ reading: 0, megabytes: 0, admitted: 0, waiting: 0 });
  });

  it("refuses an upload with images when the classifier would make it wait past the budget, not one without", async () => {
    process.env.ARENA_CLASSIFIER_WAIT_MS = "0";
    process.env.ARENA_UPLOADS_IN_FLIGHT = "10";
    const held = [await admitUpload("x1", body(1, false)), await admitUpload("x2", body(1, false))];
    // two uploads ahead, whatever the time per image: past a budget of 0 ms
    await expect(admitUpload("x3", body(1))).rejects.toMatchObject({ code: "busy" });
    const preset = await admitUpload("x4", body(0.01, false));
    // with the classifier off, images cost it nothing
    process.env.ARENA_NSFW_CHECK = "0";
    const unchecked = await admitUpload("x5", body(1));
    for (const release of [...held, preset, unchecked]) release();
  });
});
