export { normaliseBattle, RowError } from "./normalise";
export {
  DatasetError,
  detectFormat,
  type Format,
  type ReadOptions,
  type ReadResult,
  readBattles,
  type SkippedRow,
} from "./read";
