import { describe, expect, it } from 'vitest'
import { DuplicateWatch, keyHash } from '../../src/server/services/prices/duplicate-watch.server'

// The staging step's duplicate watch (decision 033): the SQL that names duplicate prices runs only
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
    const watch = new DuplicateWatch((_key, _length, out) => {
      out[0] = 42
      out[1] = 7
    })
    watch.note('ART-2', 'GRIFF', null)
    watch.note('ART-1', 'GRIFF', null)
    expect(watch.mayRepeat()).toBe(true)
  })

  it('knows keys in strictly increasing order cannot repeat, whatever their hashes', () => {
    const watch = new DuplicateWatch((_key, _length, out) => {
      out[0] = 42
      out[1] = 7
    })
    watch.note('ART-1', 'GRIFF', null)
    watch.note('ART-1', 'GRIFF', 'K-1')
    watch.note('ART-1', 'SCHARNIER', null)
    watch.note('ART-2', 'GRIFF', null)
    expect(watch.mayRepeat()).toBe(false)
  })

  it('finds a repeat in any order, and none where there is none (shuffled keys)', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `ART-${(i * 7919) % 20_000}`)
    const distinct = new DuplicateWatch(undefined, 10)
    for (const key of keys) distinct.note(key, 'GRIFF', null)
    expect(distinct.mayRepeat()).toBe(false)
    const repeated = new DuplicateWatch()
    for (const key of [...keys.slice(0, 12_345), keys[17]!, ...keys.slice(12_345)]) repeated.note(key, 'GRIFF', null)
    expect(repeated.mayRepeat()).toBe(true)
  })

  it('gives a million distinct price keys a million distinct hashes, through the array growing', () => {
    const watch = new DuplicateWatch()
    const key = (i: number) => [`BENCH-${String(i).padStart(7, '0')}`, i % 3 === 0 ? 'SCHARNIER' : 'GRIFF', i % 7 === 0 ? `K-${i % 1000}` : null] as const
    for (let i = 0; i < 1_000_000; i++) watch.note(...key(i))
    expect(watch.mayRepeat()).toBe(false)
    // Out of order, so the hashes decide: no two alike among the million.
    watch.note(...key(-1))
    expect(watch.mayRepeat()).toBe(false)
    // The first key again, after the array grew many times, is still found.
    watch.note(...key(0))
    expect(watch.mayRepeat()).toBe(true)
  })

  it('hashes a key read as text and the same key as bytes alike', () => {
    const bytes = new DuplicateWatch()
    const key = Buffer.from('ÄRT-1\0GRIFF\0K-7')
    bytes.noteKey(key, key.length)
    bytes.note('ÄRT-0', 'GRIFF', null)
    expect(bytes.mayRepeat()).toBe(false)
    bytes.note('ÄRT-1', 'GRIFF', 'K-7')
    expect(bytes.mayRepeat()).toBe(true)
  })

  it('hashes every byte of the key: keys that differ anywhere differ in hash', () => {
    const hashOf = (text: string) => {
      const out = new Uint32Array(2)
      const key = Buffer.from(text)
      keyHash(key, key.length, out)
      return [...out].join()
    }
    const keys = ['A\0B\0', 'A\0B\0C', 'A\0C\0', 'B\0B\0', 'AAAA\0B\0', 'AAAB\0B\0', 'AAAA\0B\0\0', 'A\0B\0CDEFG', 'A\0B\0CDEFH']
    expect(new Set(keys.map(hashOf)).size).toBe(keys.length)
  })
})
