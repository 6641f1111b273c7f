// lib/categories: what app/ and components/ may use (deep imports are refused by biome.json).
export { CATEGORY_LABELS, categoryLabel, judgedByFromEnv, LEADERBOARD_TAGS, localCategoryLabel } from "./names";
