// One cohort's board for its teacher or lab lead (issue 69): the models ranked from the cohort's own counted votes,
// each score with its 95% interval, and what the fit warned about (few votes give wide intervals: say so).
import Link from "next/link";
import type { CohortBoard } from "@/lib/cohorts";

export function CohortBoardView({ board }: { board: CohortBoard }) {
  const rows = [...board.models].sort((x, y) => x.rank - y.rank || y.rating - x.rating);
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href="/research" className="underline">
          Research data
        </Link>{" "}
        › Cohorts
      </p>
      <h1 className="text-2xl font-bold tracking-tight">
        Cohort <code>{board.cohort}</code>
      </h1>
      <p className="text-sm muted" data-testid="cohort-votes">
        {board.votes === 0
          ? "No counted vote yet in this cohort: the board fills as its members vote."
          : `From this cohort's ${board.votes} counted vote${board.votes === 1 ? "" : "s"} alone (Bradley–Terry, 95% bootstrap intervals; demo models included). With few votes the intervals are wide and the ranks overlap.`}
      </p>
      {board.warnings.map((w) => (
        <p key={w} role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950">
          {w}
        </p>
      ))}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="cohort-board">
            <caption className="sr-only">Models ranked by this cohort's votes</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">Rank (UB)</th>
                <th scope="col">Model</th>
                <th scope="col">Score (95% interval)</th>
                <th scope="col">Votes</th>
                <th scope="col">Win rate</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.model} data-model={m.model} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td>{m.rank}</td>
                  <td>{m.model}</td>
                  <td>
                    {Math.round(m.rating)} ({Math.round(m.ciLower)}–{Math.round(m.ciUpper)})
                  </td>
                  <td>{m.votes}</td>
                  <td>{Math.round(100 * m.winRate)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
