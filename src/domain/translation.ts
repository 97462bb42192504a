// Rules of the translation screens (the status of an entry), shared by the
// workspace in the browser, its tests and the benchmark.

export type Dictionary = Readonly<Record<string, string>>

/**
 * An entry is translated when its key exists in the target dictionary with a text: an empty
 * text is no translation, the same rule as the server's reads, counts and imports.
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

// The quality checks of a translation (placeholders, tags, numbers, spaces …) are in
// translation-checks.ts.

/** Splits a queue into batches of at most `size`. */
export function batches<T>(items: ReadonlyArray<T>, size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}
