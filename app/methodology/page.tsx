import type { Metadata } from "next";
import Link from "next/link";
import { LocalTime } from "@/components/local-time";
import { Table } from "@/components/table";
import { getDb } from "@/lib/db";
import { type MethodChange, methodChanges, methodLabel } from "@/lib/leaderboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Methodology changes" };

const shown = (value: unknown) => (value === undefined || value === null ? "–" : JSON.stringify(value));
const rankText = (r: number | null) => (r === null ? "unranked" : `#${r}`);

function Moves({ change }: { change: MethodChange }) {
  if (!change.moves) return <>–</>;
  const { rank, score } = change.moves;
  return (
    <>
      {rank ? `${rank.model}: ${rankText(rank.from)} → ${rankText(rank.to)}` : "no rank moved"}
      <br />
      {score ? `${score.model}: ${Math.round(score.from)} → ${Math.round(score.to)}` : "no score moved"}
    </>
  );
}

// The methodology changelog of the public board (overall, style control): every change of how it is computed,
// dated, with the fields that changed and the largest rank and score moves it caused. Linked from /about.
export default async function MethodologyPage() {
  const changes = (await methodChanges(getDb())).reverse();
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Methodology changes</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Every change of how the public board (overall, with style control) is computed, newest first, with the largest
          moves it caused between the last board before it and the first after it.{" "}
          <Link href="/about#method" className="underline">
            What each field means
          </Link>
        </p>
      </div>
      {changes.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No board has been computed yet.</p>
      ) : (
        <Table aria-label="Methodology changes">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Method</th>
              <th scope="col">What changed</th>
              <th scope="col">Largest rank move / score move</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.at.toISOString()}>
                <td className="whitespace-nowrap">
                  <LocalTime iso={c.at.toISOString()} />
                </td>
                <td>
                  {c.after ? methodLabel(c.after as { ci: string; reweighted: boolean }) : "not recorded (bootstrap)"}
                  {typeof c.after?.minVotes === "number" ? `, ranked from ${c.after.minVotes} votes` : ""}
                </td>
                <td>
                  {c.before === null && c.changed.length === 0
                    ? "first recorded method"
                    : c.changed.map((field) => (
                        <div key={field}>
                          {field}: {shown(c.before?.[field])} → {shown(c.after?.[field])}
                        </div>
                      ))}
                </td>
                <td>
                  <Moves change={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
