// lib/health: what an orchestrator probes (live, ready); lib/db/health answers for the database alone.
export { liveness, type Readiness, readiness } from "./readiness";
