// The cohorts on the researcher's page (issue 69): each class's or lab's tag with its battles and counted votes, and
// a link to its own board; how to start one.
import Link from "next/link";
import type { CohortSummary } from "@/lib/cohorts";

export function CohortList({ cohorts }: { cohorts: CohortSummary[] }) {
  return (
    <section className="space-y-2" aria-labelledby="cohorts-heading">
      <h2 id="cohorts-heading" className="text-lg font-semibold">
        Cohorts
      </h2>
      <p className="text-sm muted">
        A class or a lab opens the arena as <code>/?c=name</code> (2–32 lowercase letters, digits or hyphens): every
        battle from that browser tab carries the tag. Their votes make the cohort&apos;s own board here; the public
        boards count them only when an admin says so (Settings), and exports include them only when asked.
      </p>
      {cohorts.length === 0 ? (
        <p className="text-sm">No cohort yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="cohorts">
          {cohorts.map((c) => (
            <li key={c.name} className="flex flex-wrap items-baseline justify-between gap-2 py-1">
              <Link href={`/research/cohorts/${c.name}`} className="font-medium underline">
                {c.name}
              </Link>
              <span className="muted">
                {c.battles} battles, {c.votes} counted votes · {c.firstAt.slice(0, 10)} to {c.lastAt.slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
