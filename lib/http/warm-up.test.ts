import { afterEach, describe, expect, it } from "vitest";
import { warmUp } from "./warm-up";

describe("the front door's warm-up", () => {
  const saved = process.env.DATABASE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  });

  it("is no failure without a database (it is not awaited: a rejection would end the web process)", async () => {
    delete process.env.DATABASE_URL;
    await expect(warmUp()).resolves.toBeUndefined();
  });
});
