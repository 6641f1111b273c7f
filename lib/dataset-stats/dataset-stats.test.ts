import { describe, expect, it } from "vitest";
import { releasedBattleClauses, releasedChatClauses } from "./released";
import { datasetStatisticsSchema } from "./statistics-payload";

describe("what the dataset releases", () => {
  it("keeps cohorts' battles and chats out unless an export asks, demo and banned out always", () => {
    const publicClauses = releasedBattleClauses();
    expect(publicClauses).toContain("c.cohort IS NULL");
    expect(publicClauses).toContain(`NOT c."isDemo"`);
    expect(publicClauses).toContain("v.counted");
    expect(releasedBattleClauses({ cohorts: true })).not.toContain("c.cohort IS NULL");
    expect(releasedChatClauses()).toContain(`c.mode = 'direct'`);
  });

  it("reads stored statistics back only in their shape", () => {
    expect(datasetStatisticsSchema.safeParse({}).success).toBe(false);
  });
});
