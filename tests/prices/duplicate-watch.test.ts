import { describe, expect, it } from 'vitest'
import { DuplicateWatch, keyHash } from '../../src/server/services/prices/duplicate-watch.server'

// The staging step's duplicate watch (issue 26): the SQL that names duplicate prices runs only
// when a key hash repeats, so the watch must never miss a real duplicate.
describe('duplicate watch of a price upload', () => {
  it('says no repeat when every key differs, also across the general and customer prices', () => {
    const watch = new DuplicateWatch()
    watch.note('ART-1', 'GRIFF', null)
    watch.note('ART-1', 'SCHARNIER', null)
    watch.note('ART-1', 'GRIFF', 'K-100')
    watch.note('ART-2', 'GRIFF', null)
    expect(watch.mayRepeat()).toBe(false)
  })

  it('sees the same price twice, the general price with and without an empty customer number', () => {
    const same = new DuplicateWatch()
    same.note('ART-1', 'GRIFF', 'K-1')
    same.note('ART-1', 'GRIFF', 'K-1')
    expect(same.mayRepeat()).toBe(true)
    const general = new DuplicateWatch()
    general.note('ART-1', 'GRIFF', null)
    general.note('ART-1', 'GRIFF', '')
    expect(general.mayRepeat()).toBe(true)
  })

  it('keeps the fields apart, so shifted text is no repeat', () => {
    const watch = new DuplicateWatch()
    watch.note('AB', 'C', null)
    watch.note('A', 'BC', null)
    watch.note('A', 'B', 'C')
    expect(watch.mayRepeat()).toBe(false)
  })

  it('reports a colliding hash as a possible repeat (the SQL then decides)', () => {
    const watch = new DuplicateWatch((_uid, _type, _customer, out) => {
      out[0] = 42
      out[1] = 7
    })
    watch.note('ART-1', 'GRIFF', null)
    watch.note('ART-2', 'GRIFF', null)
    expect(watch.mayRepeat()).toBe(true)
  })

  it('gives a million distinct price keys a million distinct hashes, through the table growing', () => {
    const watch = new DuplicateWatch()
    const key = (i: number) => [`BENCH-${String(i).padStart(7, '0')}`, i % 3 === 0 ? 'SCHARNIER' : 'GRIFF', i % 7 === 0 ? `K-${i % 1000}` : null] as const
    for (let i = 0; i < 1_000_000; i++) watch.note(...key(i))
    expect(watch.mayRepeat()).toBe(false)
    // The first key again, after the table grew many times, is still found.
    watch.note(...key(0))
    expect(watch.mayRepeat()).toBe(true)
  })

  it('answers 64 bits with a non-zero low lane', () => {
    const out = new Uint32Array(2)
    keyHash('ART-1', 'GRIFF', '', out)
    const [high, low] = out as unknown as [number, number]
    expect(high).toBeGreaterThanOrEqual(0)
    expect(high).toBeLessThan(2 ** 32)
    expect(low).toBeGreaterThan(0)
    expect(low).toBeLessThan(2 ** 32)
  })
})
