// Helpers the benchmark definitions share to read a record of a benchmark's files.
import type { BenchmarkRecord } from "./definition";
import { BenchmarkDataError } from "./errors";

/** The field's value; a BenchmarkDataError naming the record and the field when it is missing or empty. */
export function required(where: string, record: BenchmarkRecord, field: string): unknown {
  const value = record[field];
  if (value === undefined || value === null || value === "")
    throw new BenchmarkDataError(`${where}: field ${field} is missing`);
  return value;
}

/** What an item keeps for scoring: the record without its image bytes. */
export const withoutImages = (record: BenchmarkRecord) =>
  Object.fromEntries(
    Object.entries(record).filter(
      ([key, value]) => !(value instanceof Uint8Array) && !/^(decoded_image|image(_\d)?)$/.test(key),
    ),
  );
