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
