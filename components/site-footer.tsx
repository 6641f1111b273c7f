// The pages people look for and do not find in the header: what the arena is, its data, where models fail.
import Link from "next/link";

const LINKS = [
  { href: "/history", label: "Your battles and chats" },
  { href: "/about", label: "About and terms of use" },
  { href: "/failures", label: "Where strong models fail" },
  { href: "/data", label: "The dataset" },
  // the downloads need a researcher's account: visitors land on the dataset's public page, which says how
  { href: "/data#for-researchers", label: "For researchers" },
  { href: "/credits", label: "Image credits" },
  { href: "/leaderboard", label: "Leaderboard" },
  { href: "/signin", label: "Staff area" },
];

export function SiteFooter() {
  return (
    <footer className="mt-8 border-t border-zinc-200 dark:border-zinc-800">
      <nav aria-label="More" className="mx-auto max-w-6xl px-4 py-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400">
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          Vision Arena is open source (Apache-2.0). Votes are anonymous; prompts and images may be released for research
          with faces blurred and personal details removed.
        </p>
      </nav>
    </footer>
  );
}
