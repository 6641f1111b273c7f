// A per-instance copy of what pages and the API read on every request, kept for ARENA_LEADERBOARD_CACHE_MS
// (default 2000; 0 turns it off). Concurrent misses share one load; keys are boards and models (at most 1000 kept).
import { loadingCache } from "../async";
import { config } from "../config";

export const cacheMs = (): number => config().ARENA_LEADERBOARD_CACHE_MS;

const entries = loadingCache({ max: 1000, ttlMs: cacheMs });

export const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => entries.get(key, load);

export const clearCache = () => entries.clear();
