// A composite board from battle tables: the human battles and one or more other sets of pairwise outcomes (a
// benchmark's, in the same battle layout), each a component of arena-rank's CompositeBradleyTerry (./composite.ts)
// with its weight, as one Leaderboard the outputs already print. The counts (votes, wins, win rate) are the human
// battles'; a model that only another component has shows 0 votes. A model with no ground truth is held by the
// human component alone: its interval is that evidence's, scaled by the human weight's share (the sandwich has no
// other term for it), so it is wider than a model both kinds of evidence place.
import { type BattleTable, Interner } from "./battle-table";
import { type CompositeComponent, type CompositeOptions, fitComposite } from "./composite";
import { RatingsError } from "./errors";
import type { Leaderboard, ModelRating } from "./leaderboard";
import { localModels, styleProblem } from "./problems";
import { rankUpperBound } from "./ranks";
import { tiersOf } from "./tiers";
import { OUTCOME, OUTCOME_SCORE, type StyleFeature } from "./types";

export interface CompositePart {
  table: BattleTable;
  /** the battles of the table this part uses */
  rows: Uint32Array;
  /** the part's weight w_k */
  lossWeight: number;
}

/** The human part's rows as style control reads them: FastChat's standardised features, rows without counts out. */
function styledHuman(part: CompositePart, features: readonly StyleFeature[], id: (name: string) => number) {
  const models = localModels(part.table, part.rows);
  const problem = styleProblem(part.table, part.rows, models, features);
  if (problem.rows.length === 0) {
    throw new RatingsError(
      "usage",
      "no_style_counts",
      "style control needs style counts, and no human battle has them",
    );
  }
  const toComposite = Int32Array.from(models.names, (name) => id(name));
  const { data } = problem;
  const component: CompositeComponent = {
    a: data.a.map((k) => toComposite[k] as number),
    b: data.b.map((k) => toComposite[k] as number),
    outcome: data.y,
    x: data.x,
    lossWeight: part.lossWeight,
  };
  return { component, rows: problem.rows, dropped: problem.dropped };
}

/**
 * The composite board over `parts`, the first being the human battles; with `styleFeatures`, the human battles
 * carry style control (their own coefficients β, as the live style boards: z = θ_a − θ_b + β·x), the other
 * components none — an extension of arena-rank's composite, which has no style terms.
 */
export function compositeLeaderboard(
  parts: CompositePart[],
  options: CompositeOptions & { styleFeatures?: readonly StyleFeature[] } = {},
): Leaderboard {
  const interner = new Interner();
  const id = (name: string) => interner.id(name);
  const { names } = interner;
  const features = options.styleFeatures ?? [];
  const styled = features.length ? styledHuman(parts[0] as CompositePart, features, id) : null;
  const components: CompositeComponent[] = parts.map(({ table, rows, lossWeight }, k) => {
    if (k === 0 && styled) return styled.component;
    const a = new Int32Array(rows.length);
    const b = new Int32Array(rows.length);
    const outcome = new Float64Array(rows.length);
    rows.forEach((r, k) => {
      a[k] = id(table.models[table.a[r] as number] as string);
      b[k] = id(table.models[table.b[r] as number] as string);
      outcome[k] = OUTCOME_SCORE[table.outcome[r] as number] as number;
    });
    return { a, b, outcome, lossWeight };
  });
  const fit = fitComposite(names.length, components, { ...options, features: features.length });
  const human = styled ? { ...(parts[0] as CompositePart), rows: styled.rows } : (parts[0] as CompositePart);
  const counts = names.map(() => ({ votes: 0, wins: 0, losses: 0, ties: 0, bothBad: 0 }));
  for (const r of human.rows) {
    const a = counts[interner.id(human.table.models[human.table.a[r] as number] as string) as number];
    const b = counts[interner.id(human.table.models[human.table.b[r] as number] as string) as number];
    if (!a || !b) continue;
    a.votes++;
    b.votes++;
    const outcome = human.table.outcome[r];
    if (outcome === OUTCOME.modelA) {
      a.wins++;
      b.losses++;
    } else if (outcome === OUTCOME.modelB) {
      b.wins++;
      a.losses++;
    } else if (outcome === OUTCOME.tie) {
      a.ties++;
      b.ties++;
    } else {
      a.bothBad++;
      b.bothBad++;
    }
  }
  const entries = names.map((model, k) => ({
    model,
    rating: fit.ratings[k] as number,
    ciLower: fit.lower[k] as number,
    ciUpper: fit.upper[k] as number,
  }));
  const ranks = rankUpperBound(entries);
  const tiers = tiersOf(
    entries,
    entries.map(() => true),
  );
  const models: ModelRating[] = entries.map((entry, k) => {
    const c = counts[k] as (typeof counts)[number];
    return {
      ...entry,
      rank: ranks[k] as number,
      ...c,
      winRate: c.votes ? (c.wins + (c.ties + c.bothBad) / 2) / c.votes : 0,
      component: 0,
      ranked: true,
      rankSpread: null,
      tier: tiers[k] ?? null,
    };
  });
  models.sort((x, y) => y.rating - x.rating || x.model.localeCompare(y.model));
  const board: Leaderboard = {
    battles: human.rows.length,
    components: 1,
    warnings: styled?.dropped
      ? [`${styled.dropped} human battles without style counts were left out of the style-controlled fit`]
      : [],
    models,
    ci: "sandwich",
    bootstrapRounds: 0,
    seed: 0,
    styleControl: Boolean(styled),
    confidence: 1 - (options.significance ?? 0.05),
    reweighted: false,
  };
  if (fit.style) {
    const { coefficients, lower, upper } = fit.style;
    board.styleCoefficients = features.map((feature, f) => ({
      feature,
      value: coefficients[f] as number,
      ciLower: lower[f] as number,
      ciUpper: upper[f] as number,
    }));
  }
  return board;
}
