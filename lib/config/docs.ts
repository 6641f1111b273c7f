// docs/configuration.md's configuration table, written from the schema (`npm run docs:config` puts it in place; a unit test
// fails when the page and the schema part).
import { configSchema } from "./schema.mjs";

export const DOCS_START = "<!-- config:start (generated from lib/config/schema.mjs by npm run docs:config) -->";
export const DOCS_END = "<!-- config:end -->";

interface VariableDocs {
  group: string;
  shown: string;
  meaning: string;
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

export function configTable(): string {
  const rows: string[][] = [];
  let group = "";
  for (const [name, schema] of Object.entries(configSchema.shape)) {
    const docs = schema.meta() as unknown as VariableDocs;
    if (docs.group !== group) {
      group = docs.group;
      rows.push([`**${cell(group)}**`, "", ""]);
    }
    rows.push([`\`${name}\``, cell(docs.shown), cell(docs.meaning)]);
  }
  return [DOCS_START, markdownTable(["variable", "default", "meaning"], rows), DOCS_END].join("\n");
}

/** A markdown table padded as the formatter pads one, so formatting the page leaves it unchanged. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((text, c) => text.padEnd(widths[c] as number)).join(" | ")} |`;
  const rule = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/**
 * A page with the generated part between its markers written anew (`table` includes the markers); throws, naming
 * `what`, when the page lacks them.
 */
export function withGenerated(
  page: string,
  markers: [start: string, end: string],
  table: string,
  what: string,
): string {
  const start = page.indexOf(markers[0]);
  const end = page.indexOf(markers[1]);
  if (start < 0 || end < start) throw new Error(`the page has no ${what} markers`);
  return page.slice(0, start) + table + page.slice(end + markers[1].length);
}

/** docs/configuration.md with its table replaced by the schema's. */
export const withConfigTable = (page: string) =>
  withGenerated(page, [DOCS_START, DOCS_END], configTable(), "configuration table");
