// lib/export: what app/ and components/ may use (deep imports are refused by biome.json).
export { ZipStreamWriter } from "./archive";
export { boardsArchive } from "./boards-archive";
export { demoBattleCount, demoBoardShown } from "./demo-battles";
export { battleJsonLines } from "./encoded-batch";
export { battleBatches, exportDataset } from "./export";
export { exportLicence } from "./licence";
export { exportRequestFrom } from "./query";
export { researchSummary } from "./summary";
