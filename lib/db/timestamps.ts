// Timestamps without a time zone (every Prisma DateTime column) hold UTC: Prisma's driver adapter writes and reads
// them so. node-postgres, by default, reads them as the process's local time and writes a Date as local time too.
// On a server whose TZ is not UTC, every time the raw pools read came out shifted by the offset: an export's
// tstamp, for one, and the keyset cursors built from them. The raw pools therefore read them as UTC (their own
// type parser), and node-postgres writes every Date as UTC (its process-wide parseInputDatesAsUTC, which only
// changes what a Date parameter is sent as; Prisma formats its own).
import pg from "pg";

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
/** node-postgres' own reader of a timestamp with a zone (postgres-date), for the shapes read by hand below */
const parseZoned = (text: string) => pg.types.getTypeParser(TIMESTAMPTZ, "text")(text) as Date | number | null;

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

function digitsFrom(text: string, start: number): boolean {
  for (let k = start; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** PostgreSQL's ISO text of a timestamp without time zone ("2026-01-01 00:00:00.123456"), read as UTC. */
export function parseUtcTimestamp(text: string): Date | number | null {
  // the common shape, read by hand (the library's regular expressions were ~1.3 s of a 1M-battle export): a
  // four-digit year, and seconds with an optional fraction, nothing after
  const n = text.length;
  if (
    n >= 19 &&
    text[4] === "-" &&
    text[7] === "-" &&
    text[10] === " " &&
    text[13] === ":" &&
    text[16] === ":" &&
    (n === 19 || (text[19] === "." && n > 20 && digitsFrom(text, 20)))
  ) {
    const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
    // the library's own arithmetic for the fraction (a thousand times the decimal, truncated to the millisecond by
    // Date.UTC), so that a time reads exactly as it did
    const ms = n > 19 ? 1000 * Number.parseFloat(text.slice(19)) : 0;
    if (year >= 100 && year <= 9999) {
      const at = Date.UTC(
        year,
        twoDigits(text, 5) - 1,
        twoDigits(text, 8),
        twoDigits(text, 11),
        twoDigits(text, 14),
        twoDigits(text, 17),
        ms,
      );
      if (!Number.isNaN(at)) return new Date(at);
    }
  }
  // infinity, years BC or past 9999, the first century: the library, told the time is UTC
  if (text === "infinity" || text === "-infinity") return parseZoned(text);
  return parseZoned(text.endsWith(" BC") ? `${text.slice(0, -3)}+00 BC` : `${text}+00`);
}

/** The raw pools' types: timestamps without a time zone read as UTC, everything else as node-postgres reads it. */
export const utcTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP && format !== "binary"
      ? parseUtcTimestamp
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Dates sent as parameters go as UTC, whatever the process's time zone (process-wide: a node-postgres setting). */
export function sendDatesAsUtc(): void {
  pg.defaults.parseInputDatesAsUTC = true;
}
