"use client";
// The header's links on wide screens, the current page's marked (aria-current and a weight).
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavLinks({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  const current = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  return (
    <ul className="hidden gap-4 text-sm text-zinc-600 lg:flex dark:text-zinc-400">
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            aria-current={current(link.href) ? "page" : undefined}
            className="hover:text-zinc-900 aria-[current=page]:font-semibold aria-[current=page]:text-zinc-900 dark:hover:text-zinc-100 dark:aria-[current=page]:text-zinc-100"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
