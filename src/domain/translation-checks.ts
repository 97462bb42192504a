// Quality checks of a translation against its source, the same in the browser (as the
// translator types) and on the server (decision 037). Pure: each check answers codes and the
// items it found; the screens word them in the reader's language. Errors break the text where it
// is shown (a placeholder, tag or character code lost, a length over the unit's limit); warnings
// ask for a second look. Modelled on the checks of Weblate, Tolgee and translate-toolkit's pofilter.

import type { TranslationCheck } from './translation-check-ids'
import { PLACEHOLDER, TAG } from './inline-codes'
import { containsTerm, glossaryTermsIn } from './glossary-match'
import { compareNumbers } from './number-format'
import { doubledWords } from './doubled-words'
import { characterCount } from './text-flags'

export type { TranslationCheck }
// The count a length limit takes, where the editors show it without loading the checks.
export { characterCount }

export type TranslationIssue = {
  check: TranslationCheck
  severity: 'error' | 'warning'
  /**
   * What the check found: placeholders, tags, codes, numbers, brackets, doubled words, glossary
   * terms (`term → translation`); for numbers_format the number and how the target writes it;
   * for line_breaks and tabs the counts in the source and the translation.
   */
  items: string[]
}

export type GlossaryTerm = { term: string; translation: string }

/** The checks about white space: the screens show the texts with their spaces and breaks made visible. */
export const WHITE_SPACE_CHECKS: ReadonlySet<TranslationCheck> = new Set(['edge_spaces', 'double_spaces', 'line_breaks', 'tabs'])

export type CheckOptions = {
  /** The source's language code ('master' is German): how its numbers are written. */
  sourceLanguage: string
  /** The translation's language code: how its numbers are written, which doubled words its grammar has. */
  targetLanguage: string
  /** The unit's limit in characters, where it has one. */
  maxLength?: number
  /** Terms of the language pair whose translation should be used. */
  glossary?: ReadonlyArray<GlossaryTerm>
}

// Character codes: HTML entities (&amp; &#8222; &#x201E;) and backslash escapes written out
// (\n \t \" \u00e4); any other backslash counts as itself.
const CODE = /&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});|\\(?:u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[nrtbfv0"'\\])?/g
const BRACKET = /[()[\]{}（）［］｛｝]/g
const FULL_WIDTH: Record<string, string> = { '（': '(', '）': ')', '［': '[', '］': ']', '｛': '{', '｝': '}' }
const LINE_BREAK = /\r\n|\r|\n/g
const END_PUNCTUATION = /(\.\.\.|[.!?:;…])$/
const LETTER = /\p{L}/u

/** Every issue of `translation` against `source`; none for an empty translation (untranslated). */
export function checkTranslation(source: string, translation: string, options: CheckOptions): TranslationIssue[] {
  if (translation.trim() === '') return []
  const issues: TranslationIssue[] = []
  const add = (check: TranslationCheck, severity: TranslationIssue['severity'], items: string[] = []) => issues.push({ check, severity, items })
  const both = (found: { missing: string[]; extra: string[] }, missing: TranslationCheck, extra: TranslationCheck, severity: TranslationIssue['severity']) => {
    if (found.missing.length > 0) add(missing, severity, found.missing)
    if (found.extra.length > 0) add(extra, severity, found.extra)
  }
  // The text around its placeholders and tags, made once (a placeholder stays a mark that is no word).
  const plainSource = source.replace(PLACEHOLDER, '\u0001').replace(TAG, ' ')
  const plainTranslation = translation.replace(PLACEHOLDER, '\u0001').replace(TAG, ' ')
  const compare = (pick: (text: string) => string[], [from, to]: [string, string] = [source, translation]) => difference(pick(from), pick(to))

  both(
    compare((text) => tokens(text, PLACEHOLDER)),
    'placeholders_missing',
    'placeholders_extra',
    'error',
  )
  both(
    compare((text) => tokens(text, TAG).map(normalTag)),
    'tags_missing',
    'tags_extra',
    'error',
  )
  both(
    compare((text) => tokens(text, CODE), [plainSource, plainTranslation]),
    'escapes_missing',
    'escapes_extra',
    'error',
  )
  if (options.maxLength !== undefined) {
    // Characters as a reader counts them (code points: an emoji or a rare CJK sign is one).
    const length = characterCount(translation)
    if (length > options.maxLength) add('too_long', 'error', [String(length), String(options.maxLength)])
  }

  // Numbers outside character codes too: &#8222; holds no number.
  const numbers = compareNumbers(plainSource.replace(CODE, ' '), plainTranslation.replace(CODE, ' '), options.sourceLanguage, options.targetLanguage)
  if (numbers.missing.length > 0) add('numbers_missing', 'warning', numbers.missing)
  if (numbers.extra.length > 0) add('numbers_extra', 'warning', numbers.extra)
  if (numbers.misread.length > 0) add('numbers_format', 'warning', numbers.misread.flat())
  // Full-width brackets count as their ASCII kin.
  const brackets = (text: string) => tokens(text, BRACKET).map((bracket) => FULL_WIDTH[bracket] ?? bracket)
  both(compare(brackets, [plainSource, plainTranslation]), 'brackets_missing', 'brackets_extra', 'warning')
  const breaks = [count(source, LINE_BREAK), count(translation, LINE_BREAK)]
  if (breaks[0] !== breaks[1]) add('line_breaks', 'warning', breaks.map(String))
  const tabs = [count(source, /\t/g), count(translation, /\t/g)]
  if (tabs[0] !== tabs[1]) add('tabs', 'warning', tabs.map(String))
  if (/^\s/.test(source) !== /^\s/.test(translation) || /\s$/.test(source) !== /\s$/.test(translation)) add('edge_spaces', 'warning')
  if (/ {2}/.test(translation) && !/ {2}/.test(source)) add('double_spaces', 'warning')
  const doubled = doubledWords(plainSource, plainTranslation, options.targetLanguage)
  if (doubled.length > 0) add('doubled_words', 'warning', doubled)
  const sourceEnd = endPunctuation(source)
  if (sourceEnd !== endPunctuation(translation)) add('end_punctuation', 'warning', sourceEnd ? [sourceEnd] : [])
  if (firstLetterDiffers(source, translation, options.targetLanguage)) add('first_letter', 'warning')
  if (translation.trim() === source.trim() && LETTER.test(source)) add('same_as_source', 'warning')
  const unused = glossaryTermsIn(source, options.glossary ?? []).filter((entry) => !containsTerm(translation, entry.translation))
  if (unused.length > 0)
    add(
      'glossary',
      'warning',
      unused.map((entry) => `${entry.term} → ${entry.translation}`),
    )
  return issues
}

/** Whether any issue is an error (a warning never stops a save). */
export function hasErrors(issues: ReadonlyArray<TranslationIssue>): boolean {
  return issues.some((issue) => issue.severity === 'error')
}

function tokens(text: string, pattern: RegExp): string[] {
  return text.match(pattern) ?? []
}

function count(text: string, pattern: RegExp): number {
  return tokens(text, pattern).length
}

/** `<br />` and `<br/>` are one tag. */
function normalTag(tag: string): string {
  return tag.replace(/\s+\/>$/, '/>')
}

/** What one side has more often than the other, each token as often as it is missing or added. */
function difference(wanted: ReadonlyArray<string>, found: ReadonlyArray<string>): { missing: string[]; extra: string[] } {
  const counts = new Map<string, number>()
  for (const token of wanted) counts.set(token, (counts.get(token) ?? 0) + 1)
  for (const token of found) counts.set(token, (counts.get(token) ?? 0) - 1)
  const missing: string[] = []
  const extra: string[] = []
  for (const [token, count] of counts) {
    for (let i = 0; i < count; i += 1) missing.push(token)
    for (let i = 0; i < -count; i += 1) extra.push(token)
  }
  return { missing, extra }
}

function endPunctuation(text: string): string {
  const end = END_PUNCTUATION.exec(text.trimEnd())?.[1] ?? ''
  return end === '...' ? '…' : end
}

/**
 * Whether the first letters' case differs. Only where a letter comes first (a placeholder or a
 * number first is left alone), and not for a capital in German where the source has none:
 * German capitalises its nouns ("door leaf" → "Türblatt").
 */
function firstLetterDiffers(source: string, translation: string, targetLanguage: string): boolean {
  const sourceFirst = firstLetter(source)
  const translationFirst = firstLetter(translation)
  if (!sourceFirst || !translationFirst || isUpper(sourceFirst) === isUpper(translationFirst)) return false
  const german = targetLanguage === 'master' || targetLanguage === 'de' || targetLanguage.startsWith('de-')
  return !(german && isUpper(translationFirst))
}

/**
 * The letter a text starts with (after tags, spaces and punctuation); null when a number or
 * placeholder comes first, or a letter of a script without capitals (Chinese, Arabic).
 */
function firstLetter(text: string): string | null {
  for (const char of text.replace(TAG, '').replace(PLACEHOLDER, '0')) {
    if (LETTER.test(char)) return char.toLowerCase() === char.toUpperCase() ? null : char
    if (/\S/.test(char) && !/[\p{P}\p{S}]/u.test(char)) return null
  }
  return null
}

function isUpper(char: string): boolean {
  return char !== char.toLowerCase() && char === char.toUpperCase()
}
