export { withTryLock } from "./advisory-lock";
export { createPrisma, getPrisma } from "./client";
export { closeDb, createDb, type Db, getDb } from "./context";
export { checkHealth, type Health } from "./health";
export { Lane } from "./lane";
export { isUuid } from "./literals";
export { getPool, transaction } from "./pool";
export { empty, join, raw, Sql, sql } from "./sql";
export { isDatabaseUnavailable } from "./unavailable";
