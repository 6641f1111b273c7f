import { describe, expect, it } from "vitest";
import { closeDb, createDb } from "../db/context";
import { liveness, readiness } from "./readiness";

describe("the orchestrator's two questions", () => {
  it("live: this process answers, with its uptime and pid", () => {
    expect(liveness()).toMatchObject({ status: "ok", pid: process.pid });
  });

  it("ready: not while the database cannot be reached, whatever the classifier says", async () => {
    // a real client pointed at a port nothing listens on
    const db = createDb("postgresql://arena:arena@127.0.0.1:1/arena");
    try {
      const ready = await readiness(db.prisma, db.pool, undefined, () => "ready");
      expect(ready.status).not.toBe("ok");
    } finally {
      await closeDb(db);
    }
  }, 20_000);
});
