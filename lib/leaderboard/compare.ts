// How far two leaderboards agree, over the models they share (VisionArena Table 4): Spearman's rank correlation,
// Kendall's tau-b, and the share of model pairs whose intervals give the same verdict on both boards.

export interface BoardEntry {
  model: string;
  rating: number;
  ciLower: number;
  ciUpper: number;
}

function ranks(values: number[]): number[] {
  // average ranks for ties, as scipy.stats.spearmanr does
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.v === order[start]?.v) end++;
    for (let k = start; k <= end; k++) out[(order[k] as { i: number }).i] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return out;
}

function pearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my);
    sxx += ((x[i] as number) - mx) ** 2;
    syy += ((y[i] as number) - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

export const spearman = (x: number[], y: number[]) => pearson(ranks(x), ranks(y));

/** Kendall's tau-b (ties counted as scipy.stats.kendalltau does). */
export function kendallTau(x: number[], y: number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign((x[i] as number) - (x[j] as number));
      const dy = Math.sign((y[i] as number) - (y[j] as number));
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denominator === 0 ? Number.NaN : (concordant - discordant) / denominator;
}

/** +1: the first model's interval lies above the second's; −1: below; 0: they overlap. */
function verdict(a: BoardEntry, b: BoardEntry): number {
  if (a.ciLower > b.ciUpper) return 1;
  if (a.ciUpper < b.ciLower) return -1;
  return 0;
}

export interface Agreement {
  models: string[];
  spearman: number;
  kendallTau: number;
  /** share of model pairs on which both boards separate the two models the same way, or neither separates them */
  intervalAgreement: number;
  pairs: number;
}

export function compareBoards(first: BoardEntry[], second: BoardEntry[]): Agreement {
  const other = new Map(second.map((m) => [m.model, m]));
  const shared = first.filter((m) => other.has(m.model));
  const pairs: [number, number][] = [];
  for (let i = 0; i < shared.length; i++) for (let j = i + 1; j < shared.length; j++) pairs.push([i, j]);
  const agreeing = pairs.filter(([i, j]) => {
    const a = shared[i] as BoardEntry;
    const b = shared[j] as BoardEntry;
    return verdict(a, b) === verdict(other.get(a.model) as BoardEntry, other.get(b.model) as BoardEntry);
  }).length;
  const x = shared.map((m) => m.rating);
  const y = shared.map((m) => (other.get(m.model) as BoardEntry).rating);
  return {
    models: shared.map((m) => m.model),
    spearman: spearman(x, y),
    kendallTau: kendallTau(x, y),
    intervalAgreement: pairs.length ? agreeing / pairs.length : Number.NaN,
    pairs: pairs.length,
  };
}
