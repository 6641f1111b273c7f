// The processes the launcher runs: kept running (supervisor) and never ended by a library's handler (crash guard).
export { guardProcess } from "./crash-guard.mjs";
export { type Supervised, type SupervisorOptions, supervise } from "./supervisor";
