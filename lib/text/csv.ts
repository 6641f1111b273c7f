// One CSV cell, quoted as RFC 4180 asks and defused as OWASP asks for spreadsheets: text that a spreadsheet would
// read as a formula (starting with = + - @, or a tab or carriage return that some strip before looking) gets a
// leading apostrophe. A model's display name, organisation or licence is typed by an admin and reaches every
// researcher who opens the board in a spreadsheet, so it is treated as untrusted. Numbers are written as they are:
// a negative rating is a number, not a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
