import { describe, expect, it } from "vitest";
import { JOBS_END, JOBS_START, queueTable, withQueueTable } from "./docs";
import { QUEUES, type QueueName } from "./queues";

describe("the queue table", () => {
  it("documents every queue, and each queue says who queues it, who works it and when it expires", () => {
    const table = queueTable();
    for (const name of Object.keys(QUEUES) as QueueName[]) {
      const queue = QUEUES[name];
      expect(table).toContain(`| \`${name}\``);
      expect(queue.doc.enqueuedBy.length).toBeGreaterThan(0);
      expect(queue.doc.handledBy.length).toBeGreaterThan(0);
      expect(queue.options.expireInSeconds ?? 0).toBeGreaterThan(0);
    }
  });

  it("checks a job's payload by its queue's schema", () => {
    expect(QUEUES["eval-run"].payload.safeParse({ runId: "r1" }).success).toBe(true);
    expect(QUEUES["eval-run"].payload.safeParse({ runId: "" }).success).toBe(false);
  });

  it("writes the table between its markers, and refuses a page without them", () => {
    const page = `intro\n${JOBS_START}\nstale\n${JOBS_END}\noutro`;
    const written = withQueueTable(page);
    expect(written.startsWith("intro\n")).toBe(true);
    expect(written.endsWith("\noutro")).toBe(true);
    expect(written).not.toContain("stale");
    expect(() => withQueueTable("no markers")).toThrow(/queue table markers/);
  });
});
