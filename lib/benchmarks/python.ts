// Python's own semantics where the official scorers depend on them, so a verdict here is the verdict there:
// float() and int() of text, round() (half to even, on the exact binary value), str() / repr() of values as json.load
// gives them (ints and floats told apart, so numbers are read with lossless-json), and equality.
import { isLosslessNumber, type LosslessNumber, parse } from "lossless-json";

/** A JSON value as Python's json module reads it: numbers keep their literal, so 3 and 3.0 stay different. */
export type PyValue = string | LosslessNumber | boolean | null | PyValue[] | { [key: string]: PyValue };

export function parsePythonJson(text: string): PyValue {
  return parse(text) as PyValue;
}

const DIGITS = "\\d(?:_?\\d)*";
const FLOAT_TEXT = new RegExp(
  `^[+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf(?:inity)?|nan)$`,
  "i",
);
const INT_TEXT = new RegExp(`^[+-]?${DIGITS}$`);

/** Python's float(text); null where Python raises ValueError. (ASCII digits only: Python also takes other scripts'.) */
export function pyFloatFromText(text: string): number | null {
  const s = text.trim();
  if (!FLOAT_TEXT.test(s)) return null;
  const plain = s.replaceAll("_", "").toLowerCase();
  if (plain.endsWith("nan")) return Number.NaN;
  if (plain.endsWith("inf") || plain.endsWith("infinity")) return plain.startsWith("-") ? -Infinity : Infinity;
  return Number(plain);
}

/** Python's float(value) for any JSON value; null where Python raises. */
export function pyFloat(value: PyValue | number): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string") return pyFloatFromText(value);
  if (isLosslessNumber(value)) return Number(value.value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return null;
}

/** Python's int(text) as a decimal string (str(int(text))); null where Python raises. */
export function pyIntFromText(text: string): string | null {
  const s = text.trim();
  if (!INT_TEXT.test(s)) return null;
  return BigInt(s.replaceAll("_", "")).toString();
}

/** str(int(x)) for a float x: truncated toward zero, exact beyond 2^53; null for inf and nan (Python raises). */
export function pyIntOfFloat(x: number): string | null {
  if (!Number.isFinite(x)) return null;
  return BigInt(Math.trunc(x)).toString();
}

/** int(value) as Python's int() takes a JSON value (precision fields): null where Python raises. */
export function pyInt(value: PyValue | number): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === "string") {
    const parsed = pyIntFromText(value);
    return parsed === null ? null : Number(parsed);
  }
  if (isLosslessNumber(value)) {
    const x = Number(value.value);
    return Number.isFinite(x) ? Math.trunc(x) : null;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  return null;
}

/** A double as an exact integer mantissa and binary exponent: x = m · 2^k. */
function decompose(x: number): { m: bigint; k: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exponent = (hi >>> 20) & 0x7ff;
  const fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  return exponent === 0 ? { m: fraction, k: -1074 } : { m: fraction | (1n << 52n), k: exponent - 1075 };
}

/** Python's round(x, n) for a float: the exact value rounded half to even at n decimals, then the nearest double. */
export function pyRoundFloat(x: number, n: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const { m, k } = decompose(x);
  let num = m;
  let den = 1n;
  if (k >= 0) num <<= BigInt(k);
  else den <<= BigInt(-k);
  if (n >= 0) num *= 10n ** BigInt(n);
  else den *= 10n ** BigInt(-n);
  let q = num / den;
  const twice = 2n * (num - q * den);
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  const magnitude = Number(`${q}e${-n}`);
  return x < 0 ? -magnitude : magnitude;
}

/** Python's repr(float) (= str()): the shortest round-trip digits, fixed between 1e-4 and 1e16, else 1e+16 style. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  const e = Number(exp);
  const sign = x < 0 ? "-" : "";
  if (e >= -4 && e < 16) {
    if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
    const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
    const fraction = digits.slice(e + 1);
    return `${sign}${whole}.${fraction || "0"}`;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
}

function pyStringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const escaped = s.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll("\r", "\\r").replaceAll("\t", "\\t");
  return quote + (quote === "'" ? escaped.replaceAll("'", "\\'") : escaped) + quote;
}

/** Python's repr() of a JSON value as json.load gives it. */
export function pyRepr(value: PyValue): string {
  if (typeof value === "string") return pyStringRepr(value);
  return pyStr(value);
}

/** Python's str() of a JSON value as json.load gives it (lists and dicts print their items' repr). */
export function pyStr(value: PyValue | number): string {
  if (typeof value === "string") return value;
  // a plain number (from data stored as ordinary JSON): integers print as ints
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : pyFloatRepr(value);
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (isLosslessNumber(value)) {
    return /^-?\d+$/.test(value.value) ? BigInt(value.value).toString() : pyFloatRepr(Number(value.value));
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${pyStringRepr(k)}: ${pyRepr(v)}`)
    .join(", ")}}`;
}

// str.isspace()'s characters: Unicode White_Space plus the four separators \x1c–\x1f; unlike JavaScript's trim(), not U+FEFF
const PY_SPACE = "[\\s\\x1c-\\x1f]";
const PY_STRIP = new RegExp(`^(?:(?!\\uFEFF)${PY_SPACE})+|(?:(?!\\uFEFF)${PY_SPACE})+$`, "gu");

/** Python's str.strip() with no argument. */
export function pyStrip(text: string): string {
  return text.replace(PY_STRIP, "");
}

/** Python's == between a scorer's prediction (str or None) and an answer as json.load gives it. */
export function pyEqual(prediction: string | null, answer: PyValue): boolean {
  if (prediction === null) return answer === null;
  return typeof answer === "string" && prediction === answer;
}
