// A seeded PRNG (mulberry32) so the same seed always yields the same demo data.
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

// FNV-1a, to turn a label into a stream seed.
function hashLabel(label: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export class Random {
  private readonly next: () => number

  constructor(private readonly seed: number) {
    this.next = mulberry32(seed)
  }

  /**
   * An independent stream per area, so adding data in one area does not shift the values
   * drawn in another.
   */
  fork(label: string): Random {
    return new Random((this.seed ^ hashLabel(label)) >>> 0)
  }

  float(): number {
    return this.next()
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: ReadonlyArray<T>): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('Random.pick needs a non-empty list')
    return item
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = this.next() * total
    for (const [value, weight] of entries) {
      roll -= weight
      if (roll < 0) return value
    }
    const last = entries[entries.length - 1]
    if (!last) throw new Error('Random.weighted needs a non-empty list')
    return last[0]
  }

  shuffle<T>(items: ReadonlyArray<T>): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const a = copy[i]
      const b = copy[j]
      if (a === undefined || b === undefined) continue
      copy[i] = b
      copy[j] = a
    }
    return copy
  }

  /** A string of n decimal digits (leading zeros allowed). */
  digits(n: number): string {
    let out = ''
    for (let i = 0; i < n; i++) out += String(Math.floor(this.next() * 10))
    return out
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n)
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256)
    return out
  }
}
