// lib/cli: the `arena` command; bin/arena.mjs runs main (the subcommands load their own helpers when called).
export { main } from "./arena";
