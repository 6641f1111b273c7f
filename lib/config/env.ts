/** A positive number from an environment variable, or the fallback when it is unset or not a positive number. */
export function envNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}
