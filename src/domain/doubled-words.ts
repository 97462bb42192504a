// Doubled words ("the the"), letter case aside, in any language: two equal words with nothing
// but white space between them. Left alone: a pair the source has too, and the pairs a language's
// grammar asks for (decision 037): German "…, die die Tür …" after a comma and "Sie sie";
// English "that that" and "had had".

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu
const LETTER = /\p{L}/u

const GRAMMAR: Record<string, (first: string, second: string, before: string) => boolean> = {
  // A relative pronoun and its article ("Teile, die die Tür tragen"); the polite Sie and sie.
  de: (first, second, before) =>
    (before.endsWith(',') && ['der', 'die', 'das', 'dem', 'den', 'des'].includes(second.toLowerCase())) || (first.toLowerCase() === 'sie' && first !== second),
  en: (first) => ['that', 'had'].includes(first.toLowerCase()),
}

/** Each word followed by the same word, as `first second` ("The the"), in the order they stand. */
function pairs(text: string, language: string | null): string[] {
  const found: string[] = []
  let last: { word: string; end: number } | null = null
  const grammar = language === null ? undefined : GRAMMAR[language]
  for (const match of text.matchAll(WORD)) {
    const word = match[0]
    const between = last ? text.slice(last.end, match.index) : ''
    if (last && LETTER.test(word) && /^\s+$/.test(between) && last.word.toLowerCase() === word.toLowerCase()) {
      const before = text.slice(0, last.end - last.word.length).trimEnd()
      if (!grammar?.(last.word, word, before)) found.push(`${last.word} ${word}`)
    }
    last = { word, end: match.index + word.length }
  }
  return found
}

// A quick look first: most texts have no word twice in a row (letter case aside).
const ANY_PAIR = /(?:^|[^\p{L}\p{M}\p{N}])([\p{L}\p{M}\p{N}]+)\s+\1(?![\p{L}\p{M}\p{N}])/iu

/** The doubled words of `translation` (in `targetLanguage`) that `source` has not doubled too. */
export function doubledWords(source: string, translation: string, targetLanguage: string): string[] {
  if (!ANY_PAIR.test(translation)) return []
  const inSource = new Set(pairs(source, null).map((pair) => pair.toLowerCase()))
  const base = targetLanguage === 'master' ? 'de' : (targetLanguage.split('-')[0] ?? '').toLowerCase()
  return pairs(translation, base).filter((pair) => !inSource.has(pair.toLowerCase()))
}
