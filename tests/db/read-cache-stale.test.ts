import { beforeEach, describe, expect, it } from 'vitest'
import { ReadCache, STALE_AFTER_MS, STALE_MAX_MS } from '../../src/server/cache/read-cache.server'
import { endEpisode } from '../../src/server/db/episode.server'
import { faltering } from '../../src/server/db/outage.server'

// While the database cannot answer, the read cache answers a value past its time for a while
// (decision 050): hot calls (the caller behind a token, company info) keep answering.
const TTL = 5000
const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
const never = () => new Promise<string>(() => undefined)

async function loaded(cache: ReadCache<string, string>, value: string, at = 0): Promise<void> {
  expect(await cache.load('k', at, () => Promise.resolve(value))).toBe(value)
}

describe('the read cache while the database cannot answer', () => {
  // A reload that failed as unavailable counts as an outage; each test starts without one.
  beforeEach(() => void endEpisode('outage', Date.now()))

  it('answers the old value when the reload fails as unavailable, and loads again on the next call', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    expect(await cache.load('k', TTL + 1, refused)).toBe('old')
    expect(await cache.load('k', TTL + 2, () => Promise.resolve('new'))).toBe('new')
  })

  it('answers the old value when the reload takes longer than a moment; the reload still replaces it', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    expect(await cache.load('other', 0, () => Promise.resolve('other old'))).toBe('other old')
    let answer: (value: string) => void = () => undefined
    const started = performance.now()
    expect(await cache.load('k', TTL + 1, () => new Promise<string>((resolve) => (answer = resolve)))).toBe('old')
    expect(performance.now() - started).toBeGreaterThanOrEqual(STALE_AFTER_MS - 20)
    answer('new')
    await Promise.resolve()
    expect(await cache.load('k', TTL + 2, never)).toBe('new')
    // After a reload that slow, the next old value is answered at once.
    const next = performance.now()
    expect(await cache.load('other', TTL + 3, never)).toBe('other old')
    expect(performance.now() - next).toBeLessThan(STALE_AFTER_MS / 2)
  })

  it('answers the old value at once while an outage is known, and counts the failed reload as one', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    expect(faltering()).toBe(false)
    expect(await cache.load('k', TTL + 1, refused)).toBe('old')
    expect(faltering()).toBe(true)
    const started = performance.now()
    expect(await cache.load('k', TTL + 2, never)).toBe('old')
    expect(performance.now() - started).toBeLessThan(STALE_AFTER_MS / 2)
  })

  it('passes on any other failure of the reload', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    await expect(cache.load('k', TTL + 1, () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug')
  })

  it('answers the failure once the old value is past its time by more than a minute', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    await expect(cache.load('k', TTL + STALE_MAX_MS + 1, refused)).rejects.toThrow('ECONNREFUSED')
  })

  it('never answers a value a write deleted', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    cache.delete((key) => key === 'k')
    await expect(cache.load('k', 1, refused)).rejects.toThrow('ECONNREFUSED')
  })

  it('answers a value within its time at once, without asking', async () => {
    const cache = new ReadCache<string, string>(TTL)
    await loaded(cache, 'old')
    expect(await cache.load('k', TTL - 1, never)).toBe('old')
  })

  it('keeps nothing with READ_CACHE_TTL_MS=0: the failure is the answer', async () => {
    const cache = new ReadCache<string, string>(0)
    await loaded(cache, 'old')
    await expect(cache.load('k', 1, refused)).rejects.toThrow('ECONNREFUSED')
  })
})
