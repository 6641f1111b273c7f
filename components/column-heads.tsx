// The header row of the public pages' score tables (/bench, /benchmarks): small capitals, numbers set right.
import type { ReactNode } from "react";

export interface Column {
  label: ReactNode;
  /** a column of numbers: its head is set right, over them */
  right?: boolean;
}

export function ColumnHeads({ columns }: { columns: Column[] }) {
  return (
    <thead className="text-left text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
      <tr>
        {columns.map((column, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the life of the table
          <th key={i} scope="col" className={`px-3 py-2${column.right ? " text-right" : ""}`}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
