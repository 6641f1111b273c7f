import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { admitUpload, uploadAdmission } from "./admission";

const MB = 1024 * 1024;
const settings = {
  ARENA_UPLOADS_IN_FLIGHT: "3",
  ARENA_UPLOAD_MB_IN_FLIGHT: "10",
  ARENA_UPLOADS_QUEUE: "1",
  ARENA_UPLOADS_PER_VISITOR: "2",
  ARENA_NSFW_CHECK: "1",
  ARENA_UPLOAD_WAIT_MS: "100000",
};
const body = (megabytes: number, images = true) => ({ images, bytes: Math.round(megabytes * MB) });

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
    const third = admitUpload("v3", body(5)).then((admission) => {
      thirdIn = true;
      return admission;
    });
    await Promise.resolve();
    expect(uploadAdmission()).toMatchObject({ waiting: 1 });
    // the queue is full: refused at once, 503 with a Retry-After
    await expect(admitUpload("v4", body(1))).rejects.toMatchObject({
      kind: "unavailable",
      code: "busy",
      retryAfterSeconds: 1,
    });
    first.release();
    first.release(); // a second release changes nothing
    const released = await third;
    expect(thirdIn).toBe(true);
    expect(uploadAdmission()).toEqual({ reading: 2, megabytes: 9, admitted: 2, waiting: 0 });
    second.release();
    released.release();
    expect(uploadAdmission()).toEqual({ reading: 0, megabytes: 0, admitted: 0, waiting: 0 });
    // a body larger than the whole budget gets in when nothing else is read
    const alone = await admitUpload("v5", body(61));
    alone.release();
    // and small bodies wait for a place when every place is taken
    const small = [
      await admitUpload("s1", body(0.1)),
      await admitUpload("s2", body(0.1)),
      await admitUpload("s3", body(0.1)),
    ];
    let fourthIn = false;
    const fourth = admitUpload("s4", body(0.1)).then((admission) => {
      fourthIn = true;
      return admission;
    });
    await Promise.resolve();
    expect(fourthIn).toBe(false);
    small[0]?.release();
    (await fourth).release();
    for (const admission of small) admission.release();
  });

  it("refuses one visitor's upload past its own cap (429), counting the ones still waiting", async () => {
    const a = await admitUpload("same", body(1));
    const b = await admitUpload("same", body(1));
    await expect(admitUpload("same", body(1))).rejects.toMatchObject({
      kind: "rate_limited",
      code: "uploads_in_flight",
    });
    a.release();
    const c = await admitUpload("same", body(1));
    b.release();
    c.release();
    expect(uploadAdmission()).toEqual({ reading: 0, megabytes: 0, admitted: 0, waiting: 0 });
  });

  it("refuses an upload with images when the work ahead would make it wait past the budget, not one without", async () => {
    process.env.ARENA_UPLOADS_IN_FLIGHT = "10";
    const held = [await admitUpload("x1", body(1)), await admitUpload("x2", body(1))];
    // two uploads ahead at 45 ms each before any is measured (the classifier's queue is empty): 90 ms
    process.env.ARENA_UPLOAD_WAIT_MS = "80";
    await expect(admitUpload("x3", body(1))).rejects.toMatchObject({ code: "busy", retryAfterSeconds: 1 });
    // a preset's battle brings no images: nothing to take in or classify
    const preset = await admitUpload("x4", body(0.01, false));
    process.env.ARENA_UPLOAD_WAIT_MS = "200";
    const third = await admitUpload("x5", body(1));
    for (const admission of [...held, preset, third]) admission.release();
    expect(uploadAdmission()).toEqual({ reading: 0, megabytes: 0, admitted: 0, waiting: 0 });
  });

  it("sizes itself from the measured pace: quick uploads let more in", async () => {
    process.env.ARENA_UPLOADS_IN_FLIGHT = "100";
    process.env.ARENA_UPLOAD_WAIT_MS = "200";
    const fill = async () => {
      const held = [];
      for (let k = 0; ; k++) {
        try {
          held.push(await admitUpload(`p${k}`, body(0.01)));
        } catch {
          break;
        }
      }
      for (const admission of held) admission.release();
      return held.length;
    };
    const before = await fill();
    // forty uploads processed in turn, each done at once after its body: the pace falls towards 0 ms
    for (let k = 0; k < 40; k++) {
      const admission = await admitUpload(`q${k}`, body(0.01));
      admission.bodyRead();
      admission.release();
    }
    const after = await fill();
    expect(before).toBeLessThanOrEqual(5);
    expect(after).toBeGreaterThan(before * 3);
  });
});
