import pg from "pg";
import { describe, expect, it } from "vitest";
import { createRandom } from "../numeric";
import { parseUtcTimestamp } from "./timestamps";

// node-postgres' reader of a timestamp with a zone: what a timestamp without one must read as, told it is UTC
const zoned = pg.types.getTypeParser(1184, "text") as (text: string) => Date | number | null;
const time = (value: Date | number | null) => (value instanceof Date ? value.getTime() : value);

describe("timestamps without a time zone, read as UTC", () => {
  it("reads PostgreSQL's text as the UTC time it names, whatever the process's zone", () => {
    expect(time(parseUtcTimestamp("2026-01-01 00:00:00.123"))).toBe(Date.UTC(2026, 0, 1, 0, 0, 0, 123));
    expect(time(parseUtcTimestamp("2026-07-01 12:30:45"))).toBe(Date.UTC(2026, 6, 1, 12, 30, 45));
    // microseconds are cut to the millisecond, as node-postgres cuts them
    expect(time(parseUtcTimestamp("1999-12-31 23:59:59.999999"))).toBe(Date.UTC(1999, 11, 31, 23, 59, 59, 999));
  });

  it("gives exactly node-postgres' own reading of the same time with a UTC zone, for every shape", () => {
    const rand = createRandom(7, 1);
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    const texts = ["infinity", "-infinity", "0044-03-15 12:00:00 BC", "0050-06-01 00:00:00.5", "12345-01-01 00:00:00"];
    for (let k = 0; k < 5000; k++) {
      const year = 1000 + Math.floor(rand() * 9000);
      const base = `${pad(year, 4)}-${pad(1 + Math.floor(rand() * 12), 2)}-${pad(1 + Math.floor(rand() * 28), 2)} ${pad(Math.floor(rand() * 24), 2)}:${pad(Math.floor(rand() * 60), 2)}:${pad(Math.floor(rand() * 60), 2)}`;
      const digits = Math.floor(rand() * 7);
      const fraction = digits ? `.${pad(Math.floor(rand() * 10 ** digits), digits)}` : "";
      texts.push(base + fraction);
    }
    for (const text of texts) {
      const expected = text.endsWith(" BC")
        ? `${text.slice(0, -3)}+00 BC`
        : text.includes("infinity")
          ? text
          : `${text}+00`;
      expect({ text, time: time(parseUtcTimestamp(text)) }).toEqual({ text, time: time(zoned(expected)) });
    }
  });
});
