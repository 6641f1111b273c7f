"use client";
import { usePathname } from "next/navigation";

/** Where to go after signing in: the given path, else the page that asked for an account. */
export function ReturnPathInput({ next }: { next?: string }) {
  const pathname = usePathname();
  const value = next ?? (pathname && pathname !== "/signin" ? pathname : "/admin");
  return <input type="hidden" name="next" value={value} />;
}
