// Davidson's (1970) model of paired comparisons with ties: P(i beats j) = πi / D, P(tie) = ν√(πi πj) / D with
// D = πi + πj + ν√(πi πj). Ties are evidence of their own, not half a win each as in the board's Bradley–Terry fit;
// the tie-convention probe refits with it to see whether the order depends on that convention. Newton's method on
// the log-likelihood of the pairs' counts (log-strengths θ, log ν), ml-matrix's solver, a small ridge on θ (the
// scale's anchor, and finite strengths for a model that never lost).
import { Matrix, solve } from "ml-matrix";

export interface PairCounts {
  i: number;
  j: number;
  /** i beat j, j beat i, ties (both kinds) */
  wins: number;
  losses: number;
  ties: number;
}

const RIDGE = 1e-4;

function logLikelihood(pairs: readonly PairCounts[], theta: Float64Array, delta: number): number {
  let ll = 0;
  for (const p of pairs) {
    const s = (theta[p.i] as number) - (theta[p.j] as number);
    const logD = Math.log(Math.exp(s / 2) + Math.exp(-s / 2) + Math.exp(delta));
    ll += p.wins * (s / 2 - logD) + p.losses * (-s / 2 - logD) + p.ties * (delta - logD);
  }
  for (const t of theta) ll -= 0.5 * RIDGE * t * t;
  return ll;
}

/** Log-strengths of `models` models and log ν, fitted to the pairs' counts. */
export function fitDavidson(models: number, pairs: readonly PairCounts[]): { theta: Float64Array; logNu: number } {
  const n = models + 1;
  const theta = new Float64Array(models);
  let delta = Math.log(0.5);
  let current = logLikelihood(pairs, theta, delta);
  for (let iteration = 0; iteration < 100; iteration++) {
    const g = new Float64Array(n);
    const h = Matrix.zeros(n, n);
    for (const p of pairs) {
      const s = (theta[p.i] as number) - (theta[p.j] as number);
      const wi = Math.exp(s / 2);
      const wj = Math.exp(-s / 2);
      const nu = Math.exp(delta);
      const d = wi + wj + nu;
      const [pi, pj, pt] = [wi / d, wj / d, nu / d];
      const total = p.wins + p.losses + p.ties;
      // derivatives of the log-likelihood in s (θi − θj) and δ (log ν)
      const gs = p.wins / 2 - p.losses / 2 - (total * (pi - pj)) / 2;
      const gd = p.ties - total * pt;
      const hss = -total * ((pi + pj) / 4 - ((pi - pj) / 2) ** 2);
      const hdd = -total * (pt - pt * pt);
      const hsd = (total * pt * (pi - pj)) / 2;
      g[p.i] = (g[p.i] as number) + gs;
      g[p.j] = (g[p.j] as number) - gs;
      g[models] = (g[models] as number) + gd;
      h.set(p.i, p.i, h.get(p.i, p.i) + hss);
      h.set(p.j, p.j, h.get(p.j, p.j) + hss);
      h.set(p.i, p.j, h.get(p.i, p.j) - hss);
      h.set(p.j, p.i, h.get(p.j, p.i) - hss);
      h.set(p.i, models, h.get(p.i, models) + hsd);
      h.set(models, p.i, h.get(models, p.i) + hsd);
      h.set(p.j, models, h.get(p.j, models) - hsd);
      h.set(models, p.j, h.get(models, p.j) - hsd);
      h.set(models, models, h.get(models, models) + hdd);
    }
    for (let m = 0; m < models; m++) {
      g[m] = (g[m] as number) - RIDGE * (theta[m] as number);
      h.set(m, m, h.get(m, m) - RIDGE);
    }
    // Newton step: solve (−H) x = g, then halve it until the likelihood does not fall
    const step = solve(h.neg(), Matrix.columnVector(Array.from(g))).to1DArray();
    let scale = 1;
    for (;;) {
      const nextTheta = theta.map((t, m) => t + scale * (step[m] as number));
      const nextDelta = delta + scale * (step[models] as number);
      const next = logLikelihood(pairs, nextTheta, nextDelta);
      if (next >= current - 1e-12 || scale < 1e-6) {
        theta.set(nextTheta);
        delta = nextDelta;
        current = next;
        break;
      }
      scale /= 2;
    }
    if (Math.max(...step.map(Math.abs)) * scale < 1e-9) break;
  }
  return { theta, logNu: delta };
}
