import Link from "next/link";

// Unknown pages, models, battles and prompts: the site's own page with a way back, not the framework's.
export default function NotFound() {
  return (
    <div className="mx-auto max-w-md space-y-3 py-12 text-center">
      <p className="text-sm font-medium text-brand-600 dark:text-indigo-300">404</p>
      <h1 className="text-2xl font-bold tracking-tight">This page does not exist</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The link may be old, or the battle, model or prompt it named is gone.
      </p>
      <p className="flex justify-center gap-3 text-sm">
        <Link href="/" className="btn-primary">
          Back to the arena
        </Link>
        <Link href="/leaderboard" className="btn-secondary">
          Leaderboard
        </Link>
      </p>
    </div>
  );
}
