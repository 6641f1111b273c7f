// A table described by its columns (a header and a cell per row), drawn as every data table is (./table.tsx): the
// pages' tables were each the same thead-and-map written out by hand. Numeric columns align right in tabular digits.
import type { ReactNode } from "react";
import { Table } from "./table";

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** classes of the column's cells (its header takes the alignment only) */
  className?: string;
}

/** Lets a cell's text break anywhere (hyphenated where it can), so a card's table is never wider than the card. */
const FIT = "hyphens-auto [overflow-wrap:anywhere]";

export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  className,
  compact = false,
  testId,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  className?: string;
  /** a card's table: small uppercase headers, a rule between rows */
  compact?: boolean;
  testId?: string;
}) {
  // a card's table fits its card: headers and names may break inside a word, hyphenated where the page's language
  // allows (a phone cut "Won (decisive)", "Predicted" and "With style control" off at 320 px)
  const headWrap = compact ? `align-bottom whitespace-normal ${FIT}` : "";
  return (
    <Table aria-label={label} className={className} data-testid={testId}>
      <thead className={compact ? "text-xs uppercase muted" : undefined}>
        <tr>
          {columns.map((column, k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
            <th key={k} scope="col" className={`${column.numeric ? "text-right" : "text-left"} ${headWrap}`.trim()}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={compact ? "border-t border-zinc-100 dark:border-zinc-800" : undefined}>
            {columns.map((column, k) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                key={k}
                className={
                  `${column.numeric ? "text-right tabular-nums" : ""} ${compact && !column.numeric ? FIT : ""} ${column.className ?? ""}`.trim() ||
                  undefined
                }
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A titled card of a page (the model page's panels): a section with its heading. */
export function Card({
  title,
  note,
  children,
  testId,
}: {
  title: string;
  note?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      className="min-w-0 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={testId}
    >
      <h2 className="mb-1 text-sm font-medium">{title}</h2>
      {note ? <p className="mb-2 text-xs muted">{note}</p> : null}
      {children}
    </section>
  );
}

/** A card holding one compact table named as the card is titled (the model page's opponents and categories). */
export function CardTable<T>({
  title,
  ...table
}: { title: string } & Omit<Parameters<typeof DataTable<T>>[0], "label">) {
  return (
    <Card title={title}>
      <DataTable label={title} compact {...table} />
    </Card>
  );
}

/**
 * A grid of rows by columns (a benchmark's accuracy by metadata value and model, a board's ranks by day and model):
 * a heading per row and per column, a number in each cell.
 */
export function MatrixTable<R, C>({
  corner,
  rows,
  columns,
  rowKey,
  columnKey,
  rowHead,
  columnHead,
  cell,
  caption,
  className,
  pad = "pr-3",
  headClassName,
}: {
  /** the heading over the rows' headings */
  corner: ReactNode;
  rows: readonly R[];
  columns: readonly C[];
  rowKey: (row: R) => string;
  columnKey: (column: C) => string;
  rowHead: (row: R) => ReactNode;
  columnHead: (column: C) => ReactNode;
  cell: (row: R, column: C) => ReactNode;
  caption?: string;
  className?: string;
  /** every cell's padding */
  pad?: string;
  headClassName?: string;
}) {
  return (
    <table className={className}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={headClassName}>
        <tr>
          <th scope="col" className={`${pad} text-left`}>
            {corner}
          </th>
          {columns.map((column) => (
            <th key={columnKey(column)} scope="col" className={`${pad} text-right`}>
              {columnHead(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row" className={`${pad} text-left font-normal`}>
              {rowHead(row)}
            </th>
            {columns.map((column) => (
              <td key={columnKey(column)} className={`${pad} text-right tabular-nums`}>
                {cell(row, column)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
