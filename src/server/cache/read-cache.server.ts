import { unavailableReason } from '../db/errors.server'
import { faltering, noteUnavailable } from '../db/outage.server'
import { env } from '../env.server'

// A small read-through cache for hot reads (caller, company info). Entries live a few seconds
// (READ_CACHE_TTL_MS), so several app servers disagree at most that long; writes that matter
// delete their keys. Concurrent misses share one load.
//
// While the database cannot answer (decision 050), a value whose time is up is answered still,
// for at most STALE_MAX_MS past its time: when its reload fails as unavailable, or has not
// answered within STALE_AFTER_MS (at once while calls are failing for want of the database: an
// outage the log has reported and not yet seen end; and for a while after a reload was that
// slow, so one request does not wait a moment for each of its kept values). The reload goes on, and its answer replaces the value; a write
// that deletes the key deletes the old value too.
export const STALE_AFTER_MS = 1000
export const STALE_MAX_MS = 60_000
// After a reload took past STALE_AFTER_MS, old values are answered at once for this long.
const SLOW_SPELL_MS = 10_000
let slowUntil = 0

type Entry<V> = { expiresAt: number; value: Promise<V>; settled: boolean }
type Known<V> = { value: V; expiresAt: number }

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>()
  private readonly known = new Map<K, Known<V>>()

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
    if (hit && hit.settled && hit.expiresAt > nowMs) return hit.value
    const entry = hit && hit.expiresAt > nowMs ? hit : this.start(key, nowMs, loader)
    const known = this.known.get(key)
    if (!known || nowMs - known.expiresAt > STALE_MAX_MS) return entry.value
    return staleIfUnavailable(entry.value, known.value)
  }

  delete(predicate: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (predicate(key)) this.entries.delete(key)
    for (const key of this.known.keys()) if (predicate(key)) this.known.delete(key)
  }

  clear(): void {
    this.entries.clear()
    this.known.clear()
  }

  private start(key: K, nowMs: number, loader: () => Promise<V>): Entry<V> {
    if (this.entries.size >= this.maxEntries || this.known.size >= this.maxEntries) this.evictOldest()
    const entry: Entry<V> = { expiresAt: nowMs + this.ttlMs, value: loader(), settled: false }
    this.entries.set(key, entry)
    entry.value.then(
      (value) => {
        entry.settled = true
        if (this.entries.get(key) === entry) this.known.set(key, { value, expiresAt: entry.expiresAt })
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    return entry
  }

  private evictOldest(): void {
    // Map keeps insertion order: the first key is the oldest.
    for (const keys of [this.entries.keys(), this.known.keys()]) {
      const oldest = keys.next()
      if (oldest.done) continue
      this.entries.delete(oldest.value)
      this.known.delete(oldest.value)
    }
  }
}

/** The load's answer; the stale value when the load fails as unavailable or takes past STALE_AFTER_MS. */
function staleIfUnavailable<V>(load: Promise<V>, stale: V): Promise<V> {
  return new Promise((resolve, reject) => {
    const now = Date.now()
    const atOnce = faltering(now) || now < slowUntil
    const timer = setTimeout(
      () => {
        // Only a reload waited for in full starts a slow spell (else it would never end).
        if (!atOnce) slowUntil = Date.now() + SLOW_SPELL_MS
        resolve(stale)
      },
      atOnce ? 0 : STALE_AFTER_MS,
    )
    load.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        const why = unavailableReason(error)
        if (why === null) return reject(error)
        // The call is answered, but the database's outage is one all the same (the log says so once).
        noteUnavailable(why)
        resolve(stale)
      },
    )
  })
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
