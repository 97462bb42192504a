import type { MemoryOrigin } from './translation-memory'

// The storage of one language pair of the translation memory (translation-memory.ts): its
// units side by side in arrays, the trigram index of their sources, the exact-source map, and
// the scratch counters a lookup reuses.

export type Pair = {
  sources: string[]
  targets: string[]
  origins: MemoryOrigin[]
  /** 1 while a unit is current, 0 once replaced. */
  alive: Uint8Array
  /** The length of each unit's normalised source. */
  lengths: Int32Array
  /** trigram → ids of the units whose normalised source has it (each id once). */
  postings: Map<number, number[]>
  /** source → ids of the units with exactly that source. */
  exact: Map<string, number[]>
  dead: number
  /** Scratch counters of a lookup, one per unit (grown as units come). */
  counts: Int32Array
  marks: Int32Array
  generation: number
}

export function newPair(): Pair {
  return {
    sources: [],
    targets: [],
    origins: [],
    alive: new Uint8Array(1024),
    lengths: new Int32Array(1024),
    postings: new Map(),
    exact: new Map(),
    dead: 0,
    counts: new Int32Array(1024),
    marks: new Int32Array(1024),
    generation: 0,
  }
}

export function normalised(text: string): string {
  return ` ${text.toLowerCase().replace(/\s+/g, ' ').trim()} `
}

/** The distinct trigrams of a normalised text, as numbers (three UTF-16 units). */
export function trigrams(text: string): number[] {
  const grams = new Set<number>()
  for (let index = 0; index + 2 < text.length; index++) {
    grams.add((text.charCodeAt(index) * 65536 + text.charCodeAt(index + 1)) * 65536 + text.charCodeAt(index + 2))
  }
  return [...grams]
}

/** Doubles a pair's per-unit arrays. */
export function grow(pair: Pair): void {
  const size = pair.counts.length * 2
  const alive = new Uint8Array(size)
  alive.set(pair.alive)
  const lengths = new Int32Array(size)
  lengths.set(pair.lengths)
  const marks = new Int32Array(size)
  marks.set(pair.marks)
  Object.assign(pair, { alive, lengths, marks, counts: new Int32Array(size) })
}

/** The `limit` ids with the highest counts (ties in the order found), by buckets of counts. */
export function mostShared(ids: ReadonlyArray<number>, counts: Int32Array, most: number, limit: number): number[] {
  const buckets = new Int32Array(most + 2)
  for (const id of ids) buckets[counts[id]!]!++
  let floor = most
  let taken = buckets[most]!
  while (floor > 0 && taken < limit) taken += buckets[--floor]!
  const chosen = ids.filter((id) => counts[id]! >= floor)
  return chosen.sort((a, b) => counts[b]! - counts[a]!).slice(0, limit)
}
