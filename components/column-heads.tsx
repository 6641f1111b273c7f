// The header row of a data table: public score tables (/bench, /benchmarks) in small capitals, console tables
// plain; a column of numbers has its head set right, over them.
import type { ReactNode } from "react";

export interface Column {
  label: ReactNode;
  right?: boolean;
}

const STYLES = {
  public: { head: "text-left text-xs uppercase tracking-wide muted", cell: "px-3 py-2" },
  console: { head: "text-left text-xs muted", cell: "py-1 pr-3" },
};

export function ColumnHeads({
  columns,
  variant = "public",
}: {
  columns: (Column | string)[];
  variant?: keyof typeof STYLES;
}) {
  const style = STYLES[variant];
  return (
    <thead className={style.head}>
      <tr>
        {columns.map((column, i) => {
          const { label, right } = typeof column === "string" ? { label: column, right: false } : column;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the life of the table
            <th key={i} scope="col" className={`${style.cell}${right ? " text-right" : ""}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
