// What every public answer says about itself, as OpenRouter's data API does: the licence the data is under (the
// admins' export licence, ARENA_DATA_LICENCE), a citation line (ARENA_CITATION, else one naming the arena and its
// address), and `as_of`, when the figures were computed. JSON answers carry the three fields; CSV files carry them as
// `#` comment lines before the header; the datasheets and the board-history export repeat them.
import { type Config, config, configuredOrigin } from "../config";
import type { Db } from "../db/context";
import { cachedSetting } from "../settings/settings";

export interface Citation {
  licence: string;
  citation: string;
  /** when the figures were computed (ISO 8601, UTC) */
  as_of: string;
}

/** Said when the admins set no licence: a reader must not take silence for permission. */
export const NO_LICENCE = "no licence set: ask the arena's administrators before redistributing";

/** The citation line: ARENA_CITATION, else the arena's name, what it measures and its address, with the date. */
export function citationLine(asOf: Date, c: Config = config()): string {
  if (c.ARENA_CITATION) return c.ARENA_CITATION;
  const origin = configuredOrigin(c);
  const day = asOf.toISOString().slice(0, 10);
  return `Vision Arena: human-preference and ground-truth leaderboards of vision-language models${origin ? `, ${origin}` : ""} (as of ${day}).`;
}

export async function citationFor(db: Db, asOf: Date, c: Config = config()): Promise<Citation> {
  const licence = (await cachedSetting(db, "export.licence")).trim() || NO_LICENCE;
  return { licence, citation: citationLine(asOf, c), as_of: asOf.toISOString() };
}

/** A JSON answer's body with the citation fields first. */
export const cited = <T extends object>(citation: Citation, body: T): Citation & T => ({ ...citation, ...body });

/**
 * The same as `#` comment lines, for the top of a CSV file (the first uncommented line stays the header; pandas'
 * `comment="#"` and DuckDB's `comment` skip them). A spreadsheet still reads them as rows, so a text after a comma
 * never starts a formula (issue 40's rule for cells).
 */
export const citationComment = (citation: Citation): string =>
  [`# licence: ${citation.licence}`, `# citation: ${citation.citation}`, `# as_of: ${citation.as_of}`]
    .map((line) => line.replace(/[\r\n]+/g, " ").replace(/,(\s*)([=+@\-\t])/g, ",$1'$2"))
    .join("\n");
