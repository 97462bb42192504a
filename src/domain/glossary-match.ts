// Where glossary terms stand in a text (decision 038): one rule for the quality check
// ("glossary term not used", translation-checks.ts) and for the terms the editors mark in the
// source. A term is found as a word of its own — no letter right before or after it — with
// letter case aside, so "Griff" is found in "Griff, 96 mm" and "griff" but not in "Griffe".

const LETTER = /\p{L}/u

/** A term found in a text: [start, end) in the text as given. */
export type TermPlace<T> = { start: number; end: number; entry: T }

/**
 * The places of `term` in `text` as a word of its own, letter case aside, as [start, end)
 * offsets into `lower` (the text in lower case): the check asks only whether there is one.
 */
function placesInLower(lower: string, term: string): Array<[number, number]> {
  const wanted = term.trim().toLocaleLowerCase()
  const places: Array<[number, number]> = []
  if (wanted === '') return places
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
    const before = lower[at - 1]
    const after = lower[at + wanted.length]
    if ((before === undefined || !LETTER.test(before)) && (after === undefined || !LETTER.test(after))) places.push([at, at + wanted.length])
  }
  return places
}

/** Whether `term` is a word of `text`, letter case aside (an empty term is in every text). */
export function containsTerm(text: string, term: string): boolean {
  if (term.trim() === '') return true
  return placesInLower(text.toLocaleLowerCase(), term).length > 0
}

/**
 * Offsets of the lower-case text mapped back to the text, for the rare letters whose lower case
 * is longer ("İ" → "i̇"); null when the two cannot be lined up.
 */
function offsetMap(text: string, lower: string): ((offset: number) => number) | null {
  if (lower.length === text.length) return (offset) => offset
  const back: number[] = []
  let at = 0
  for (const char of text) {
    const lowered = char.toLocaleLowerCase()
    for (let index = 0; index < lowered.length; index += 1) back.push(at)
    at += char.length
  }
  back.push(text.length)
  if (back.length !== lower.length + 1) return null
  return (offset) => back[offset] ?? text.length
}

/**
 * The glossary entries whose term is in `text`, each place once: where two terms overlap
 * ("Griff" and "Griff 96"), the longer one is kept. In the order of the text.
 */
export function glossaryPlaces<T extends { term: string }>(text: string, entries: ReadonlyArray<T>): Array<TermPlace<T>> {
  const lower = text.toLocaleLowerCase()
  const toText = offsetMap(text, lower)
  if (!toText || entries.length === 0) return []
  const found: Array<TermPlace<T>> = []
  for (const entry of entries) for (const [start, end] of placesInLower(lower, entry.term)) found.push({ start: toText(start), end: toText(end), entry })
  // Longest first, then leftmost: each place goes to the longest term that covers it.
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
  const kept: Array<TermPlace<T>> = []
  for (const place of found) if (!kept.some((other) => place.start < other.end && other.start < place.end)) kept.push(place)
  return kept.sort((a, b) => a.start - b.start)
}

/**
 * The entries whose term is in `text` (each once, in the order they first stand there): what
 * the check looks at, a term inside a longer one too. The text is lower-cased once for all.
 */
export function glossaryTermsIn<T extends { term: string }>(text: string, entries: ReadonlyArray<T>): T[] {
  if (entries.length === 0) return []
  const lower = text.toLocaleLowerCase()
  const found: Array<{ entry: T; at: number }> = []
  for (const entry of entries) {
    if (entry.term.trim() === '') found.push({ entry, at: 0 })
    else {
      const [first] = placesInLower(lower, entry.term)
      if (first) found.push({ entry, at: first[0] })
    }
  }
  return found.sort((a, b) => a.at - b.at).map((item) => item.entry)
}

/** A text in pieces around the places: plain text, and each place with its entry. */
export function markedPieces<T>(text: string, places: ReadonlyArray<TermPlace<T>>): Array<{ text: string; entry: T | null }> {
  const pieces: Array<{ text: string; entry: T | null }> = []
  let at = 0
  for (const place of places) {
    if (place.start < at) continue
    if (place.start > at) pieces.push({ text: text.slice(at, place.start), entry: null })
    pieces.push({ text: text.slice(place.start, place.end), entry: place.entry })
    at = place.end
  }
  if (at < text.length) pieces.push({ text: text.slice(at), entry: null })
  return pieces
}
