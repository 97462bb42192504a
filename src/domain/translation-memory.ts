import { distance } from 'fastest-levenshtein'
import { grow, mostShared, newPair, normalised, trigrams, type Pair } from './memory-pair'

// The translation memory of the translator's desk (docs/decisions/040): every
// text the device holds, in every language pair, as (source, target) units, found again by
// how alike their sources are. Pure: the browser runs it in a Web Worker (memory.worker.ts),
// tests run it as is.
//
// Finding: the query's character trigrams pick candidates from an inverted index (only units
// whose length can reach the minimum score), the candidates sharing the most trigrams are
// scored by edit distance (fastest-levenshtein): score = 100 × (1 − distance / longer length),
// as Weblate and OmegaT do. Exact matches (the same source, character for character) also come
// from a map, for "fill exact matches".

/**
 * Where a unit comes from: the kind of text and its key, or an unsaved edit of the user; or a
 * unit of the team's shared memory (kind 'shared', its id as key), with the file it was imported
 * from (docs/decisions/049).
 */
export type MemoryOrigin = { kind: MemoryTextKind | 'shared'; key: string; edit?: boolean; file?: string }

/** The kinds of the portal's own texts. */
export type MemoryTextKind = 'vartext' | 'system' | 'catalogue' | 'article_unit'

export type MemoryUnit = { source: string; target: string; origin: MemoryOrigin }

export type MemoryMatch = {
  /** 0…100, whole numbers; 100 only for the same source text. */
  score: number
  source: string
  target: string
  origin: MemoryOrigin
  /** How many units have this very source and target. */
  count: number
}

export const MEMORY_MIN_SCORE = 70
export const MEMORY_MAX_MATCHES = 5
/** How many of the candidates sharing most trigrams are scored by edit distance. */
const SCORED_CANDIDATES = 48
/**
 * How many index entries one lookup reads at most: the query's rarest trigrams are read
 * whole, the common ones (in most texts of a 100,000-text memory) only while this lasts. They
 * add little to tell candidates apart, and the edit distance has the last word.
 */
const LOOKUP_BUDGET = 250_000

/** Edit-distance score of two sources, 0…100. */
export function memoryScore(a: string, b: string): number {
  if (a === b) return 100
  const longer = Math.max(a.length, b.length)
  if (longer === 0) return 100
  // 100 is kept for identical texts: a near miss rounds down to 99 at most.
  return Math.min(99, Math.floor((100 * (longer - distance(a, b))) / longer))
}

/** Units grouped by language pair and by part (a dataset, a kept document, the user's edits). */
export class TranslationMemory {
  private pairs = new Map<string, Pair>()
  /** part → pair key → origin key → unit id */
  private parts = new Map<string, Map<string, Map<string, number>>>()

  /** Units in the memory (without the replaced ones). */
  get size(): number {
    let count = 0
    for (const pair of this.pairs.values()) count += pair.sources.length - pair.dead
    return count
  }

  /** Puts `units` (src → dst) in the place of the part's units for that pair. */
  replacePart(part: string, src: string, dst: string, units: Iterable<MemoryUnit>): void {
    const pairKey = `${src}\u0000${dst}`
    const byPair = this.parts.get(part) ?? new Map<string, Map<string, number>>()
    this.parts.set(part, byPair)
    const old = byPair.get(pairKey)
    const pair = this.pairs.get(pairKey) ?? newPair()
    this.pairs.set(pairKey, pair)
    if (old) for (const id of old.values()) this.kill(pair, id)
    const ids = new Map<string, number>()
    for (const unit of units) {
      const previous = ids.get(unit.origin.key)
      if (previous !== undefined) this.kill(pair, previous)
      const id = this.add(pair, unit)
      if (id !== null) ids.set(unit.origin.key, id)
    }
    byPair.set(pairKey, ids)
    this.compact(pairKey, pair)
  }

  /** Changes some units of a part (a save changed a few texts): `null` target removes one. */
  updatePart(part: string, src: string, dst: string, units: Iterable<{ source: string; target: string | null; origin: MemoryOrigin }>): void {
    const pairKey = `${src}\u0000${dst}`
    const ids = this.parts.get(part)?.get(pairKey)
    const pair = this.pairs.get(pairKey)
    if (!ids || !pair) {
      this.replacePart(
        part,
        src,
        dst,
        [...units].filter((unit): unit is MemoryUnit => unit.target !== null),
      )
      return
    }
    for (const unit of units) {
      const previous = ids.get(unit.origin.key)
      if (previous !== undefined) this.kill(pair, previous)
      ids.delete(unit.origin.key)
      if (unit.target === null) continue
      const id = this.add(pair, { ...unit, target: unit.target })
      if (id !== null) ids.set(unit.origin.key, id)
    }
    this.compact(pairKey, pair)
  }

  /** Forgets every unit of a part. */
  dropPart(part: string): void {
    const byPair = this.parts.get(part)
    if (!byPair) return
    for (const [pairKey, ids] of byPair) {
      const pair = this.pairs.get(pairKey)
      if (!pair) continue
      for (const id of ids.values()) this.kill(pair, id)
      this.compact(pairKey, pair)
    }
    this.parts.delete(part)
  }

  /**
   * Up to `limit` units whose source scores at least `min` against `source`, best first;
   * the same source and target are listed once. `exclude`: the text being translated.
   */
  lookup(src: string, dst: string, source: string, options: { min?: number; limit?: number; exclude?: MemoryOrigin } = {}): MemoryMatch[] {
    const min = options.min ?? MEMORY_MIN_SCORE
    const limit = options.limit ?? MEMORY_MAX_MATCHES
    const pair = this.pairs.get(`${src}\u0000${dst}`)
    if (!pair || source.trim() === '') return []
    const query = normalised(source)
    const grams = trigrams(query)
    // A unit scoring `min` is at least min % as long as the query and at most 100/min times.
    const shortest = Math.ceil((query.length * min) / 100)
    const longest = Math.floor((query.length * 100) / Math.max(1, min))
    const generation = ++pair.generation
    const { counts, marks, alive, lengths } = pair
    const touched: number[] = []
    const lists = grams
      .map((gram) => pair.postings.get(gram))
      .filter((ids): ids is number[] => ids !== undefined)
      .sort((a, b) => a.length - b.length)
    let budget = LOOKUP_BUDGET
    let most = 0
    for (const ids of lists) {
      if (budget <= 0) break
      budget -= ids.length
      for (const id of ids) {
        if (marks[id] !== generation) {
          if (alive[id] === 0) continue
          const length = lengths[id]!
          if (length < shortest || length > longest) continue
          marks[id] = generation
          counts[id] = 0
          touched.push(id)
        }
        if (++counts[id]! > most) most = counts[id]!
      }
    }
    // The same source ranks first, whatever trigrams the budget left unread.
    const same = (pair.exact.get(source) ?? []).filter((id) => alive[id] === 1)
    if (same.length > 0) most++
    for (const id of same) {
      if (marks[id] !== generation) {
        marks[id] = generation
        touched.push(id)
      }
      counts[id] = most
    }
    const found = new Map<string, MemoryMatch>()
    for (const id of mostShared(touched, counts, most, SCORED_CANDIDATES)) {
      const origin = pair.origins[id]!
      if (options.exclude && origin.kind === options.exclude.kind && origin.key === options.exclude.key) continue
      const unitSource = pair.sources[id]!
      const score = memoryScore(source, unitSource)
      if (score < min) continue
      const target = pair.targets[id]!
      const key = `${unitSource}\u0000${target}`
      const seen = found.get(key)
      if (seen) {
        seen.count++
        if (origin.edit && !seen.origin.edit) seen.origin = origin
      } else found.set(key, { score, source: unitSource, target, origin, count: 1 })
    }
    return [...found.values()]
      .sort((a, b) => b.score - a.score || Number(Boolean(b.origin.edit)) - Number(Boolean(a.origin.edit)) || b.count - a.count)
      .slice(0, limit)
  }

  /**
   * The translation of exactly this source elsewhere (the most frequent one when they differ;
   * the user's unsaved edits count first), or null.
   */
  exact(src: string, dst: string, source: string, exclude?: MemoryOrigin): string | null {
    const pair = this.pairs.get(`${src}\u0000${dst}`)
    if (!pair || source.trim() === '') return null
    const votes = new Map<string, number>()
    for (const id of pair.exact.get(source) ?? []) {
      const origin = pair.origins[id]!
      if (pair.alive[id] === 0 || (exclude && origin.kind === exclude.kind && origin.key === exclude.key)) continue
      const target = pair.targets[id]!
      votes.set(target, (votes.get(target) ?? 0) + (origin.edit ? 1000 : 1))
    }
    let best: string | null = null
    let most = 0
    for (const [target, count] of votes) {
      if (count > most) {
        best = target
        most = count
      }
    }
    return best
  }

  /**
   * Concordance: the units of a pair whose source or translation holds `needle` (letter case
   * aside), each source and translation once, up to `limit`; `total` counts all of them.
   */
  concordance(src: string, dst: string, needle: string, limit = 100): { hits: Array<Omit<MemoryMatch, 'score'>>; total: number } {
    const pair = this.pairs.get(`${src}\u0000${dst}`)
    const wanted = needle.trim().toLocaleLowerCase()
    if (!pair || wanted === '') return { hits: [], total: 0 }
    const found = new Map<string, Omit<MemoryMatch, 'score'>>()
    for (let id = 0; id < pair.sources.length; id++) {
      if (pair.alive[id] === 0) continue
      const source = pair.sources[id]!
      const target = pair.targets[id]!
      if (!source.toLocaleLowerCase().includes(wanted) && !target.toLocaleLowerCase().includes(wanted)) continue
      const key = `${source}\u0000${target}`
      const seen = found.get(key)
      if (seen) seen.count++
      else found.set(key, { source, target, origin: pair.origins[id]!, count: 1 })
    }
    const hits = [...found.values()].sort((a, b) => b.count - a.count || a.source.length - b.source.length || a.source.localeCompare(b.source))
    return { hits: hits.slice(0, limit), total: hits.length }
  }

  private add(pair: Pair, unit: MemoryUnit): number | null {
    if (unit.source.trim() === '' || unit.target.trim() === '') return null
    const id = pair.sources.length
    if (id >= pair.counts.length) grow(pair)
    const text = normalised(unit.source)
    pair.sources.push(unit.source)
    pair.targets.push(unit.target)
    pair.origins.push(unit.origin)
    pair.alive[id] = 1
    pair.lengths[id] = text.length
    for (const gram of trigrams(text)) {
      const ids = pair.postings.get(gram)
      if (ids) ids.push(id)
      else pair.postings.set(gram, [id])
    }
    const same = pair.exact.get(unit.source)
    if (same) same.push(id)
    else pair.exact.set(unit.source, [id])
    return id
  }

  private kill(pair: Pair, id: number): void {
    if (pair.alive[id] === 0) return
    pair.alive[id] = 0
    pair.dead++
  }

  /** Builds a pair's index again from its live units once most of it is replaced. */
  private compact(pairKey: string, pair: Pair): void {
    if (pair.dead < 1024 || pair.dead * 2 < pair.sources.length) return
    const fresh = newPair()
    const moved = new Map<number, number>()
    pair.sources.forEach((source, id) => {
      if (pair.alive[id] === 0) return
      const next = this.add(fresh, { source, target: pair.targets[id]!, origin: pair.origins[id]! })
      if (next !== null) moved.set(id, next)
    })
    this.pairs.set(pairKey, fresh)
    for (const byPair of this.parts.values()) {
      const ids = byPair.get(pairKey)
      if (!ids) continue
      for (const [key, id] of ids) {
        const next = moved.get(id)
        if (next === undefined) ids.delete(key)
        else ids.set(key, next)
      }
    }
  }
}
