export { createPrisma, getPrisma } from "./client";
export { checkHealth, type Health } from "./health";
