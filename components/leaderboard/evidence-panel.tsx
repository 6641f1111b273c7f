// The evidence panel under a board (issue 68): each audit probe's verdict against its stated bar and what it found,
// in the reader's language, from the figures the run stored (lib/ratings/evidence). The API gives the same probes.
import type { Translate } from "@/lib/i18n/client";
import type { SnapshotPayload } from "@/lib/leaderboard";

type Probe = NonNullable<SnapshotPayload["evidence"]>["probes"][number];

const percent = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : "–");
const count = (v: unknown) => (typeof v === "number" ? v : 0);
const list = (v: unknown) => (Array.isArray(v) ? v : []);

/** What the probe found, in the reader's words. */
function finding(probe: Probe, t: Translate): string {
  const f = probe.figures;
  const spread = () =>
    list(f.outside).length > 0
      ? t("evidence.outsideSpread", { count: list(f.outside).length })
      : t("evidence.withinSpread");
  switch (probe.id) {
    case "position_bias": {
      const decisive = count(f.sideA) + count(f.sideB);
      if (decisive === 0) return t("evidence.position_biasNone");
      const [lower, upper] = list(f.interval);
      return t("evidence.position_biasFinding", {
        share: percent(f.share),
        count: decisive,
        lower: percent(lower),
        upper: percent(upper),
      });
    }
    case "tie_convention": {
      if (count(f.ties) === 0) return t("evidence.tie_conventionNoTies");
      const move = f.largestMove as { model: string; places: number } | null;
      return move && move.places !== 0
        ? t("evidence.tie_conventionMoved", { model: move.model, count: Math.abs(move.places) })
        : t("evidence.tie_conventionSame");
    }
    case "intransitivity": {
      const cycles = count(f.cycles);
      if (cycles === 0) return t("evidence.intransitivityNone", { count: count(f.ranked) });
      const first = list(list(f.examples)[0]) as string[];
      return t("evidence.intransitivitySome", { count: cycles, cycle: [...first, first[0]].join(" > ") });
    }
    case "concentration":
      if (probe.fired === null) return t("evidence.voterless");
      return `${t("evidence.concentrationFinding", { top: count(f.topVoters), voters: count(f.voters), share: percent(f.share) })} ${spread()}`;
    case "first_vote":
      if (probe.fired === null) return t("evidence.voterless");
      return `${t("evidence.first_voteFinding", { count: count(f.sessions) })} ${spread()}`;
    case "families": {
      const families = list(f.families) as { family: string; variants: string[] }[];
      if (families.length === 0) return t("evidence.familiesNone");
      return t("evidence.familiesSome", {
        count: families.length,
        list: families.map((x) => `${x.family} (${x.variants.length})`).join(", "),
        gained: count(f.largestGain),
      });
    }
  }
}

function Verdict({ fired, t }: { fired: boolean | null; t: Translate }) {
  const [label, tone] =
    fired === null
      ? [t("evidence.notApplicable"), "border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"]
      : fired
        ? [t("evidence.fires"), "border-amber-600 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"]
        : [t("evidence.clear"), "border-emerald-700 text-emerald-800 dark:text-emerald-300"];
  return <span className={`shrink-0 rounded border px-1.5 text-xs font-medium ${tone}`}>{label}</span>;
}

export function EvidencePanel({ evidence, t }: { evidence: NonNullable<SnapshotPayload["evidence"]>; t: Translate }) {
  return (
    <section
      className="rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      aria-labelledby="evidence-title"
      data-testid="evidence"
    >
      <h2 id="evidence-title" className="font-semibold">
        {t("evidence.title")}
      </h2>
      <p className="text-xs muted">{t("evidence.intro")}</p>
      <ul className="mt-2 space-y-2">
        {evidence.probes.map((probe) => (
          <li key={probe.id} data-probe={probe.id} data-fired={String(probe.fired)}>
            <div className="flex flex-wrap items-baseline gap-2">
              <span className="font-medium">{t(`evidence.${probe.id}Title`)}</span>
              <Verdict fired={probe.fired} t={t} />
            </div>
            <p>{finding(probe, t)}</p>
            <p className="text-xs muted">{t("evidence.barLabel", { bar: t(`evidence.${probe.id}Bar`) })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
