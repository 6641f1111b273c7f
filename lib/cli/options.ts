// Numeric command-line options, read one way: a value that is not a whole number in range is a usage error naming
// the option, never a NaN passed on.
import { UsageError } from "./usage";

/** A whole-number option: `fallback` when it was not given. */
export function intOption(value: string | undefined, name: string, fallback: number, min?: number): number;
export function intOption(
  value: string | undefined,
  name: string,
  fallback: undefined,
  min?: number,
): number | undefined;
export function intOption(value: string | undefined, name: string, fallback: number | undefined, min = 0) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < min) {
    throw new UsageError(`--${name} must be an integer ≥ ${min}, not '${value}'`);
  }
  return n;
}

/** A real-number option in (min, max): `fallback` when it was not given. */
export function numberOption(
  value: string | undefined,
  name: string,
  fallback: number | undefined,
  range: { above: number; below: number },
): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= range.above || n >= range.below) {
    throw new UsageError(`--${name} must be a number between ${range.above} and ${range.below}, not '${value}'`);
  }
  return n;
}

/** parseArgs options for flags that take a value: `flags("set", "model")` for `--set S --model M`. */
export function flags<const N extends string>(...names: N[]): { [K in N]: { type: "string" } } {
  return Object.fromEntries(names.map((name) => [name, { type: "string" }])) as { [K in N]: { type: "string" } };
}

/** parseArgs options for on/off flags, off unless given: `switches("here", "wait")`. */
export function switches<const N extends string>(...names: N[]): { [K in N]: { type: "boolean"; default: false } } {
  return Object.fromEntries(names.map((name) => [name, { type: "boolean", default: false }])) as {
    [K in N]: { type: "boolean"; default: false };
  };
}

/** The parseArgs option every command takes: `--help` / `-h`. */
export const help = { type: "boolean", short: "h" } as const;
