import { ColumnHeads } from "@/components/column-heads";
import { Table } from "@/components/table";
import type { DriftOverview } from "@/lib/drift";
import { ModelLink } from "../models/model-link";
import { Section } from "./section";

const STATUS: Record<string, string> = {
  alarm: "alarm: below its baseline",
  low: "still below (alarm raised)",
  steady: "steady",
  baseline: "building its baseline",
};

export function DriftAdmin({ overview }: { overview: DriftOverview }) {
  const { rule, slices, states } = overview;
  const alarms = states.filter((s) => s.status === "alarm" || s.status === "low").length;
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Drift watch</h1>
      <p className="text-sm muted" data-testid="drift-rule">
        {rule.intervalH > 0
          ? `Every listed vision model answers each canary slice every ${rule.intervalH} h (temperature 0, seed ${rule.seed}).`
          : "The schedule is off (ARENA_DRIFT_INTERVAL_H=0): `arena drift run` runs the checks by hand."}{" "}
        A run below the model's first {rule.baselineRuns} runs at one-sided p &lt; {rule.alpha} raises an alarm
        {rule.webhook ? ", posted to the webhook too" : ""}. docs/statistics.md gives the false-alarm rate.
      </p>
      <Section
        title="Canary slices"
        count={slices.length}
        empty="No slice chosen yet: import a benchmark, then arena drift canary --benchmark NAME."
      >
        <Table aria-label="Canary slices">
          <ColumnHeads
            variant="console"
            columns={["Benchmark", { label: "Items", right: true }, "From", "Seed", "Chosen"]}
          />
          <tbody>
            {slices.map((s) => (
              <tr key={s.name}>
                <td>{s.benchmark}</td>
                <td className="text-right tabular-nums">{s.items}</td>
                <td>{s.from}</td>
                <td className="tabular-nums">{s.seed}</td>
                <td className="tabular-nums">{s.createdAt.toISOString().slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
      <Section
        title={alarms ? `Models checked: ${alarms} below baseline` : "Models checked"}
        count={states.length}
        empty="No canary run has been checked yet."
      >
        <Table aria-label="Models checked">
          <ColumnHeads
            variant="console"
            columns={[
              "Model",
              "Benchmark",
              { label: "Accuracy", right: true },
              { label: "p", right: true },
              "Status",
              "Run",
            ]}
          />
          <tbody>
            {states.map((s) => (
              <tr key={`${s.model}/${s.benchmark}`} data-status={s.status}>
                <td>
                  <ModelLink model={s.model}>{s.model}</ModelLink>
                </td>
                <td>{s.benchmark}</td>
                <td className="text-right tabular-nums">{(100 * s.accuracy).toFixed(1)}%</td>
                <td className="text-right tabular-nums">{s.pValue === null ? "–" : s.pValue.toExponential(1)}</td>
                <td
                  className={
                    s.status === "alarm" || s.status === "low" ? "font-semibold text-red-700 dark:text-red-400" : ""
                  }
                >
                  {STATUS[s.status] ?? s.status}
                </td>
                <td className="tabular-nums">{s.ranAt.toISOString().slice(0, 16).replace("T", " ")}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Section>
    </div>
  );
}
