import { env } from '../env.server'

// A small read-through cache for hot reads (caller, company info). Entries live a few seconds
// (READ_CACHE_TTL_MS), so several app servers disagree at most that long; writes that matter
// delete their keys. Concurrent misses share one load.
type Entry<V> = { expiresAt: number; value: Promise<V> }

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Whether loaded values are kept at all (READ_CACHE_TTL_MS=0 turns the cache off). */
  get keeps(): boolean {
    return this.ttlMs > 0
  }

  load(key: K, nowMs: number, loader: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return loader()
    const hit = this.entries.get(key)
    if (hit && hit.expiresAt > nowMs) return hit.value
    if (this.entries.size >= this.maxEntries) this.evictOldest()
    const value = loader()
    this.entries.set(key, { expiresAt: nowMs + this.ttlMs, value })
    value.catch(() => this.entries.delete(key))
    return value
  }

  delete(predicate: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (predicate(key)) this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  private evictOldest(): void {
    // Map keeps insertion order: the first key is the oldest.
    const oldest = this.entries.keys().next()
    if (!oldest.done) this.entries.delete(oldest.value)
  }
}

/** One cache per database (tests and tools may open several in one process). */
export function perDatabase<D extends object, K, V>(): (db: D) => ReadCache<K, V> {
  const caches = new WeakMap<D, ReadCache<K, V>>()
  return (db) => {
    let cache = caches.get(db)
    if (!cache) {
      cache = new ReadCache<K, V>(env().READ_CACHE_TTL_MS)
      caches.set(db, cache)
    }
    return cache
  }
}
