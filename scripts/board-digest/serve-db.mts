// Are the boards byte-identical before and after a refactor? Start this (node --import tsx
// scripts/board-digest/serve-db.mts [VOTES]): a throw-away PostgreSQL, migrated, with VOTES synthetic votes (12
// models); it prints the URL and waits. Then, with DATABASE_URL set to it, run digest.mts once per tree (a git
// worktree of the old commit, with node_modules and lib/generated linked in, and this one) and diff the two outputs.
import { createDb } from "../../lib/db/context";
import { startTemporaryPostgres } from "../../lib/db/embedded";
import { applyMigrations } from "../../lib/db/migrate";
import { seedBenchVotes } from "../bench-seed";

const db0 = await startTemporaryPostgres("arena-boards-");
await applyMigrations(db0.url);
const db = createDb(db0.url);
await seedBenchVotes(db, Number(process.argv[2] ?? 20000), { models: 12 });
console.log(db0.url);
setInterval(() => {}, 1 << 30);
