// Rules of the translation screens (spec section 4, "Translation status"), shared by the
// workspace in the browser, its tests and the benchmark.

export type Dictionary = Readonly<Record<string, string>>

/**
 * An entry is translated when its key exists in the target dictionary with a text: an empty
 * text is no translation, the same rule as the server's reads, counts and imports (issue 14).
 */
export function isTranslated(key: string, target: Dictionary): boolean {
  return Object.hasOwn(target, key) && target[key] !== ''
}

/** The entry's text in the target language, or null when it is untranslated. */
export function translationOf(key: string, target: Dictionary): string | null {
  return isTranslated(key, target) ? target[key]! : null
}

/** Untranslated entries sort by their source text, translated ones by their target text. */
export function sortKeyOf(key: string, source: Dictionary, target: Dictionary): string {
  const text = isTranslated(key, target) ? target[key] : source[key]
  return (text ?? key).trim()
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/** Keys in the spec's order: by sort key, ties by key. */
export function sortedKeys(keys: ReadonlyArray<string>, source: Dictionary, target: Dictionary): string[] {
  const withSort = keys.map((key) => ({ key, sort: sortKeyOf(key, source, target) }))
  withSort.sort((a, b) => collator.compare(a.sort, b.sort) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return withSort.map((entry) => entry.key)
}

/**
 * The index of the next (or previous) entry that needs a translation, after `from`, wrapping
 * around the end; -1 when no other entry needs one. `from` -1 starts before the first entry.
 */
export function nextUntranslated(needsTranslation: (index: number) => boolean, length: number, from: number, direction: 1 | -1): number {
  for (let step = 1; step <= length; step += 1) {
    const index = (((from + direction * step) % length) + length) % length
    if (index === from) break
    if (needsTranslation(index)) return index
  }
  return -1
}

// Placeholders a translation must keep: {0}, {name}, %s, %d, %1$s, and HTML tags.
const PLACEHOLDER = /\{[A-Za-z0-9_.]*\}|%(?:\d+\$)?[sdif]|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g

export function placeholdersOf(text: string): string[] {
  return (text.match(PLACEHOLDER) ?? []).map((token) => token.replace(/\s+\/>$/, '/>'))
}

/** Placeholders of the source missing from the translation, and ones it adds. */
export function placeholderProblems(source: string, translation: string): { missing: string[]; extra: string[] } {
  if (translation.trim() === '') return { missing: [], extra: [] }
  const wanted = countOf(placeholdersOf(source))
  const found = countOf(placeholdersOf(translation))
  const missing: string[] = []
  const extra: string[] = []
  for (const [token, count] of wanted) for (let i = found.get(token) ?? 0; i < count; i += 1) missing.push(token)
  for (const [token, count] of found) for (let i = wanted.get(token) ?? 0; i < count; i += 1) extra.push(token)
  return { missing, extra }
}

function countOf(tokens: ReadonlyArray<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1)
  return counts
}

/** Splits a queue into batches of at most `size`. */
export function batches<T>(items: ReadonlyArray<T>, size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}
