import { describe, expect, it } from "vitest";
import { pastCeiling, utcDayStart } from "./spend";

const row = (spend: number, budget: number | null, providerSpend = spend, providerBudget: number | null = null) => ({
  spendUsd: spend,
  budgetUsd: budget,
  providerSpendUsd: providerSpend,
  providerBudgetUsd: providerBudget,
});

describe("daily budgets", () => {
  it("start the day at 00:00 UTC whatever the clock's zone", () => {
    expect(utcDayStart(new Date("2026-12-07T23:59:59.999Z")).toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(utcDayStart(new Date("2026-12-08T00:00:00.000Z")).toISOString()).toBe("2026-12-08T00:00:00.000Z");
  });

  it("stop a model at its own ceiling or its provider's, reaching it counting", () => {
    expect(pastCeiling(row(0.49, 0.5))).toBe(false);
    expect(pastCeiling(row(0.5, 0.5))).toBe(true);
    expect(pastCeiling(row(10, null))).toBe(false);
    expect(pastCeiling(row(0.1, 5, 2, 2))).toBe(true);
    expect(pastCeiling(row(0, 0))).toBe(true); // a ceiling of 0: no spend at all
  });
});
