// Whether an upload may name one price twice (same article, type and customer number), known
// while its rows are staged: each key is kept as a 64-bit hash in two typed arrays (an open-
// addressing table, ≈ 16 MB for a million rows), not as text. No repeated hash means no
// duplicate, so the SQL that names duplicates (upload.server.ts) runs only when a hash repeats —
// a real duplicate or, about once in ten million million-row uploads, a collision. Staging is
// bound by this thread, so the watch must cost little: a Set of a million numbers took 0.8 s,
// this table ≈ 0.1 s.

/** A key's hash as two 32-bit lanes written into `out` ([high, low]); low is never 0 (0 marks an empty slot). */
export type KeyHash = (articleUid: string, articleType: string, customerNumber: string, out: Uint32Array) => void

/** Two multiplicative 32-bit lanes over the three fields' UTF-16 units, each field closed by a mark. */
export function keyHash(articleUid: string, articleType: string, customerNumber: string, out: Uint32Array): void {
  out[0] = 0x9e3779b9
  out[1] = 0x85ebca6b
  mixField(articleUid, out)
  mixField(articleType, out)
  mixField(customerNumber, out)
  let a = out[0]!
  let b = out[1]!
  a = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) ^ Math.imul(b ^ (b >>> 13), 0x297a2d39)
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35)
  out[0] = a
  out[1] = b || 1
}

function mixField(field: string, out: Uint32Array): void {
  let a = out[0]!
  let b = out[1]!
  for (let i = 0; i < field.length; i++) {
    const unit = field.charCodeAt(i)
    a = Math.imul(a ^ unit, 0x5bd1e995)
    b = Math.imul(b ^ unit, 0x27d4eb2f)
  }
  out[0] = Math.imul(a ^ 0xffff_ffff, 0x5bd1e995)
  out[1] = Math.imul(b ^ 0xffff_ffff, 0x27d4eb2f)
}

const FIRST_SIZE = 1 << 12

export class DuplicateWatch {
  private high = new Uint32Array(FIRST_SIZE)
  private low = new Uint32Array(FIRST_SIZE)
  private count = 0
  private repeated = false
  private readonly lanes = new Uint32Array(2)

  constructor(private readonly hash: KeyHash = keyHash) {}

  /** Notes one staged row's price key; a missing customer number is the general price (''). */
  note(articleUid: string, articleType: string, customerNumber: string | null): void {
    if (this.repeated) return
    this.hash(articleUid, articleType, customerNumber ?? '', this.lanes)
    if (!this.insert(this.lanes[0]!, this.lanes[1]!)) {
      this.repeated = true
      this.high = new Uint32Array(0)
      this.low = new Uint32Array(0)
      return
    }
    this.count += 1
    // At most half full, so probes stay short.
    if (this.count * 2 > this.low.length) this.grow()
  }

  /** False only when every key noted was different. */
  mayRepeat(): boolean {
    return this.repeated
  }

  /** Puts a hash in its slot; false when the same hash is there already. */
  private insert(high: number, low: number): boolean {
    const mask = this.low.length - 1
    for (let slot = (high ^ low) & mask; ; slot = (slot + 1) & mask) {
      const there = this.low[slot]!
      if (there === 0) {
        this.high[slot] = high
        this.low[slot] = low
        return true
      }
      if (there === low && this.high[slot] === high) return false
    }
  }

  private grow(): void {
    const { high, low } = this
    this.high = new Uint32Array(low.length * 2)
    this.low = new Uint32Array(low.length * 2)
    for (let slot = 0; slot < low.length; slot++) if (low[slot] !== 0) this.insert(high[slot]!, low[slot]!)
  }
}
