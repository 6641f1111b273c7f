// lib/numeric: seeded randomness, resampling and quantiles, with no knowledge of the arena. lib/ratings builds its
// bootstrap on it and so do the bench, the benchmarks and the dataset statistics; it imports no other lib folder
// (tests/unit/boundaries.test.ts), so lib/ratings stays liftable with it.
export { columnQuantiles, normalQuantile, quantile, quantileAt, quantileSorted } from "./quantiles";
export { binomial, createRandom, drawResample, multinomialInto, resampleCounts } from "./random";
export { unitLength } from "./vectors";
export { wilsonInterval } from "./wilson";
