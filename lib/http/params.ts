// Dynamic segments of page URLs arrive percent-encoded; a malformed escape ("%", "%zz") or a NUL must mean
// "no such page", never an exception.

/** The decoded segment, or null when it cannot name anything (bad escape, NUL character). */
export function pageParam(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return value.includes("\u0000") ? null : value;
}

/** What a page with a query string receives: `export default async function Page({ searchParams }: QueryProps)`. */
export type QueryProps = { searchParams: Promise<Record<string, string | undefined>> };
