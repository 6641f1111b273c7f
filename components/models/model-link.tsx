// A model's name linking to its page: every table that lists models links them the same way.
import Link from "next/link";
import type { ReactNode } from "react";

export function ModelLink({ model, children }: { model: string; children: ReactNode }) {
  return (
    <Link href={`/models/${encodeURIComponent(model)}`} className="hover:underline">
      {children}
    </Link>
  );
}

/** A table's column of model names, each linking to its page. */
export const modelColumn = <T extends { model: string; displayName: string }>(header: ReactNode) => ({
  header,
  cell: (row: T) => <ModelLink model={row.model}>{row.displayName}</ModelLink>,
});
