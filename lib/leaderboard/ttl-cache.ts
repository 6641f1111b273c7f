// A per-instance copy of what pages and the API read on every request, kept for ARENA_LEADERBOARD_CACHE_MS
// (default 2000; 0 turns it off). Concurrent misses share one load.
const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export function cacheMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.ARENA_LEADERBOARD_CACHE_MS);
  return env.ARENA_LEADERBOARD_CACHE_MS !== undefined && Number.isFinite(n) && n >= 0 ? n : 2000;
}

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const ttl = cacheMs();
  if (ttl === 0) return load();
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < ttl) return hit.value as Promise<T>;
  if (entries.size > 1000) entries.clear(); // keys are boards and models; this only bounds made-up ones
  const value = load();
  entries.set(key, { at: Date.now(), value });
  value.catch(() => entries.delete(key)); // a failed load is not kept
  return value;
}

export function clearCache() {
  entries.clear();
}
