// lib/budgets: daily spend ceilings per model and provider, and what each has cost today.
export {
  forgetSpend,
  type ModelSpend,
  overBudget,
  pastCeiling,
  SPEND_CHECK_MS,
  spendToday,
  utcDayStart,
} from "./spend";
