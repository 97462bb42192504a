// Whether an upload may name one price twice (same article, type and customer number), known
// while its rows are staged, so the SQL that names duplicates (upload.server.ts) runs only when
// a price may repeat. Staging is bound by this thread, so the watch must cost little:
// - a key is its bytes — article, 0, type, 0, customer number in UTF-8 — as the byte reader
//   has them (quick-copy-bytes.server.ts); a row read as text is encoded the same way;
// - keys that come in strictly increasing byte order — most lists are exported sorted — cannot
//   repeat, which one comparison per row shows;
// - for the others each key's hash (53 bits) is written to a flat array and sorted once at the
//   end: no two equal hashes, no duplicate. Equal hashes mean a real duplicate or, about once
//   in ten thousand million-row uploads, a collision; the SQL then decides.
// A million keys: a Set of numbers took 0.8 s, an open-addressing table 0.2 s (a cache miss
// per key), this 0.06 s for a sorted file and 0.17 s for another.

/** A key's hash as two 32-bit lanes written into `out` ([high, low]). */
export type KeyHash = (key: Uint8Array, length: number, out: Uint32Array) => void

/** MurmurHash3 (32 bits) of the key's bytes with two seeds: two lanes, four bytes at a step. */
export function keyHash(key: Uint8Array, length: number, out: Uint32Array): void {
  let a = 0x9e3779b9
  let b = 0x85ebca6b
  let i = 0
  for (; i + 4 <= length; i += 4) {
    const word = key[i]! | (key[i + 1]! << 8) | (key[i + 2]! << 16) | (key[i + 3]! << 24)
    a = mixWord(a, word)
    b = mixWord(b, word)
  }
  if (i < length) {
    let tail = 0
    for (let shift = 0; i < length; i++, shift += 8) tail |= key[i]! << shift
    a ^= scramble(tail)
    b ^= scramble(tail)
  }
  out[0] = finish(a ^ length)
  out[1] = finish(b ^ length)
}

function scramble(word: number): number {
  const k = Math.imul(word, 0xcc9e2d51)
  return Math.imul((k << 15) | (k >>> 17), 0x1b873593)
}

function mixWord(hash: number, word: number): number {
  const h = hash ^ scramble(word)
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0
}

function finish(hash: number): number {
  let h = hash ^ (hash >>> 16)
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

const FIRST_SIZE = 1 << 12
const encoder = new TextEncoder()

export class DuplicateWatch {
  private hashes: Float64Array
  private count = 0
  private increasing = true
  private last = new Uint8Array(256)
  private lastLength = 0
  private text = new Uint8Array(256)
  private answer: boolean | null = null
  private readonly lanes = new Uint32Array(2)

  /** `expected`: about how many keys will come (a file's line count), so the array need not grow. */
  constructor(
    private readonly hash: KeyHash = keyHash,
    expected = 0,
  ) {
    this.hashes = new Float64Array(Math.max(FIRST_SIZE, expected))
  }

  /** Notes one staged row's price key read as text; a missing customer number is the general price (''). */
  note(articleUid: string, articleType: string, customerNumber: string | null): void {
    const key = `${articleUid}\0${articleType}\0${customerNumber ?? ''}`
    if (this.text.length < key.length * 3) this.text = new Uint8Array(key.length * 3)
    this.noteKey(this.text, encoder.encodeInto(key, this.text).written)
  }

  /** Notes one staged row's price key as bytes (KeyBytes). */
  noteKey(key: Uint8Array, length: number): void {
    if (this.increasing && this.count > 0 && !this.after(key, length)) this.increasing = false
    if (this.last.length < length) this.last = new Uint8Array(length * 2)
    this.last.set(key.subarray(0, length))
    this.lastLength = length
    this.hash(key, length, this.lanes)
    if (this.count === this.hashes.length) {
      const grown = new Float64Array(this.hashes.length * 2)
      grown.set(this.hashes)
      this.hashes = grown
    }
    // 21 bits of the high lane and the low lane: an integer a double holds exactly.
    this.hashes[this.count] = (this.lanes[0]! & 0x1f_ffff) * 0x1_0000_0000 + this.lanes[1]!
    this.count += 1
    this.answer = null
  }

  /** False only when every key noted was different. */
  mayRepeat(): boolean {
    if (this.answer === null) this.answer = !this.increasing && this.hashRepeats()
    return this.answer
  }

  /** Whether the key's bytes come strictly after the last key's. */
  private after(key: Uint8Array, length: number): boolean {
    const last = this.last
    const common = Math.min(length, this.lastLength)
    for (let i = 0; i < common; i++) if (key[i] !== last[i]) return key[i]! > last[i]!
    return length > this.lastLength
  }

  private hashRepeats(): boolean {
    const sorted = this.hashes.subarray(0, this.count).sort()
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) return true
    return false
  }
}
