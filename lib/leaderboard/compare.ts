// How far two leaderboards agree, over the models they share (VisionArena Table 4 and arena-hard-auto's benchmark
// statistics): Spearman's rank correlation, Kendall's tau-b, agreement with confidence, separability, and the
// pair-rank Brier score; plus the share of pairs whose intervals give the same verdict on both boards.
import { errorFunction, sampleCorrelation } from "simple-statistics";

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

/** Pearson's r, NaN when a side is constant (as scipy returns). */
function pearson(x: number[], y: number[]): number {
  return x.length < 2 ? Number.NaN : sampleCorrelation(x, y);
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

/** arena-hard-auto's `get_overlap(a, b) > 0`: intervals that only touch do not overlap. */
const overlaps = (a: BoardEntry, b: BoardEntry) =>
  Math.max(0, Math.min(a.ciUpper, b.ciUpper) - Math.max(a.ciLower, b.ciLower)) > 0;

/**
 * Separability (arena-hard-auto's benchmark statistics, `get_unique_overlapping_interval_pairs`): the share of model
 * pairs whose intervals do not overlap. As there, intervals are sorted by their lower end, a pair overlaps when the
 * later one starts strictly before the earlier one ends, and a pair whose two intervals equal an already counted
 * pair's is counted once.
 */
export function separability(board: BoardEntry[]): number {
  const n = board.length;
  if (n < 2) return Number.NaN;
  const intervals = board.map((m) => [m.ciLower, m.ciUpper] as const).sort((a, b) => a[0] - b[0]);
  const counted = new Set<string>();
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = [intervals[i] as readonly [number, number], intervals[j] as readonly [number, number]];
      if (!(b[0] < a[1])) break;
      const key = `${a[0]},${a[1]}|${b[0]},${b[1]}`;
      const reverse = `${b[0]},${b[1]}|${a[0]},${a[1]}`;
      if (!counted.has(key) && !counted.has(reverse)) counted.add(key);
    }
  }
  return 1 - counted.size / ((n * (n - 1)) / 2);
}

/**
 * Agreement with confidence (arena-hard-auto's benchmark statistics): over the pairs the reference board separates
 * (intervals not overlapping), +1 when the other board separates them the same way, +0.5 when its intervals
 * overlap, 0 when it separates them the other way; divided by those pairs.
 */
export function agreementWithConfidence(
  reference: BoardEntry[],
  other: BoardEntry[],
): { value: number; pairs: number } {
  const byModel = new Map(other.map((m) => [m.model, m]));
  const shared = reference.filter((m) => byModel.has(m.model));
  let total = 0;
  let count = 0;
  for (let i = 0; i < shared.length; i++) {
    for (let j = i + 1; j < shared.length; j++) {
      const [ra, rb] = [shared[i] as BoardEntry, shared[j] as BoardEntry];
      if (overlaps(ra, rb)) continue;
      total++;
      const [oa, ob] = [byModel.get(ra.model) as BoardEntry, byModel.get(rb.model) as BoardEntry];
      if (overlaps(oa, ob)) {
        count += 0.5;
        continue;
      }
      if (Math.sign(oa.ciLower - ob.ciLower) === Math.sign(ra.ciLower - rb.ciLower)) count++;
    }
  }
  return { value: total ? count / total : Number.NaN, pairs: total };
}

const Z_975 = 1.959963984540054;
const normalCdf = (x: number) => 0.5 * (1 + errorFunction(x / Math.SQRT2));

/**
 * Pair-rank Brier score (arena-hard-auto's forecasting notebook): for every pair (names sorted), the other board
 * forecasts p(a below b) = Φ(−(μa − μb) / √(va + vb)); the outcome is whether the reference rates a below b. The
 * notebook takes μ and v from bootstrap samples; boards here keep their point rating and 95% interval, so v is the
 * interval's half-width over 1.96, squared. Lower is better; 0.25 is a coin.
 */
export function pairRankBrier(reference: BoardEntry[], other: BoardEntry[]): number {
  const ref = new Map(reference.map((m) => [m.model, m]));
  const models = other
    .filter((m) => ref.has(m.model))
    .sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  const variance = (m: BoardEntry) => ((m.ciUpper - m.ciLower) / (2 * Z_975)) ** 2;
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < models.length; i++) {
    for (let j = i + 1; j < models.length; j++) {
      const [a, b] = [models[i] as BoardEntry, models[j] as BoardEntry];
      const spread = Math.sqrt(variance(a) + variance(b));
      const gap = a.rating - b.rating;
      const p = spread > 0 ? normalCdf(-gap / spread) : gap < 0 ? 1 : gap > 0 ? 0 : 0.5;
      const label = (ref.get(a.model) as BoardEntry).rating < (ref.get(b.model) as BoardEntry).rating ? 1 : 0;
      sum += (p - label) ** 2;
      pairs++;
    }
  }
  return pairs ? sum / pairs : Number.NaN;
}

export interface Agreement {
  models: string[];
  spearman: number;
  kendallTau: number;
  /** arena-hard-auto's "agreement with confidence", the reference being the first board (VisionArena Table 4) */
  agreementWithConfidence: number;
  /** the pairs the first board separates, over which agreementWithConfidence is taken */
  confidentPairs: number;
  /**
   * Not a published statistic: the share of all pairs on which both boards give the same interval verdict
   * (separated the same way, or overlapping on both). Kept because it also credits agreeing on "too close to tell".
   */
  intervalVerdictAgreement: number;
  /** the share of pairs each board separates (arena-hard-auto's separability), over the shared models */
  separability: { first: number; second: number };
  /** the second board's pair-rank Brier score against the first board's order */
  brier: number;
  pairs: number;
}

export function compareBoards(first: BoardEntry[], second: BoardEntry[]): Agreement {
  const other = new Map(second.map((m) => [m.model, m]));
  const shared = first.filter((m) => other.has(m.model));
  const sharedSecond = shared.map((m) => other.get(m.model) as BoardEntry);
  const pairs: [number, number][] = [];
  for (let i = 0; i < shared.length; i++) for (let j = i + 1; j < shared.length; j++) pairs.push([i, j]);
  const agreeing = pairs.filter(([i, j]) => {
    const a = shared[i] as BoardEntry;
    const b = shared[j] as BoardEntry;
    return verdict(a, b) === verdict(other.get(a.model) as BoardEntry, other.get(b.model) as BoardEntry);
  }).length;
  const x = shared.map((m) => m.rating);
  const y = sharedSecond.map((m) => m.rating);
  const confident = agreementWithConfidence(shared, sharedSecond);
  return {
    models: shared.map((m) => m.model),
    spearman: spearman(x, y),
    kendallTau: kendallTau(x, y),
    agreementWithConfidence: confident.value,
    confidentPairs: confident.pairs,
    intervalVerdictAgreement: pairs.length ? agreeing / pairs.length : Number.NaN,
    separability: { first: separability(shared), second: separability(sharedSecond) },
    brier: pairRankBrier(shared, sharedSecond),
    pairs: pairs.length,
  };
}
