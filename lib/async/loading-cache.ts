// A per-process cache of loaded values on lru-cache: concurrent misses of one key share a single load (its
// `fetch`), a failed load is not kept, entries live for a TTL read at each call (0: no caching) and the number of
// keys is bounded (least recently used go first).
import { LRUCache } from "lru-cache";

export interface LoadingCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  clear(): void;
}

export function loadingCache(options: { max: number; ttlMs: () => number }): LoadingCache {
  // values are boxed: lru-cache keeps no undefined values, and a load may legitimately return one
  const cache = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: options.max,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const ttl = options.ttlMs();
      if (ttl <= 0) return load();
      const boxed = await cache.fetch(key, { context: load, ttl });
      return boxed?.value as T;
    },
    delete: (key) => void cache.delete(key),
    clear: () => cache.clear(),
  };
}
