// lib/cli: the `arena` command (bin/arena.mjs runs main) and the helpers its subcommands share.
export { main } from "./arena";
export { type Progress, progressBar } from "./progress";
export { withDb } from "./with-db";
