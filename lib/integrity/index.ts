// lib/integrity: what app/ and components/ may use (deep imports are refused by biome.json).
export { bannedVisitors, banVisitor, flaggedVotersCached, unbanVisitor } from "./review";
