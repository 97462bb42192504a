// Quality checks of a translation against its source (issue 29), the same in the browser (as the
// translator types) and on the server. Pure: each check answers codes and the items it found;
// the screens word them in the reader's language. Errors break the text where it is shown
// (a placeholder or tag lost, a length over the unit's limit); warnings ask for a second look.
// Modelled on the checks of Weblate and Tolgee.

import type { TranslationCheck } from './translation-check-ids'
import { PLACEHOLDER, TAG } from './inline-codes'
import { containsTerm, glossaryTermsIn } from './glossary-match'

export type { TranslationCheck }

export type TranslationIssue = {
  check: TranslationCheck
  severity: 'error' | 'warning'
  /** What the check found: placeholders, tags, numbers, glossary terms (`term → translation`). */
  items: string[]
}

export type GlossaryTerm = { term: string; translation: string }

/** The length a limit counts: code points, not UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

export type CheckOptions = {
  /** The unit's limit in characters, where it has one. */
  maxLength?: number
  /** Terms of the language pair whose translation should be used. */
  glossary?: ReadonlyArray<GlossaryTerm>
}

// {0}, {name}, %s, %d, %1$s — and HTML tags, kept apart so each is named as what it is.
// A number as either language writes it: 1.5, 1,5, 1.000, 1 000 is two numbers.
const NUMBER = /\d+(?:[.,]\d+)*/g
const END_PUNCTUATION = /(\.\.\.|[.!?:;…])$/
const LETTER = /\p{L}/u

/** Every issue of `translation` against `source`; none for an empty translation (untranslated). */
export function checkTranslation(source: string, translation: string, options: CheckOptions = {}): TranslationIssue[] {
  if (translation.trim() === '') return []
  const issues: TranslationIssue[] = []
  const add = (check: TranslationCheck, severity: TranslationIssue['severity'], items: string[] = []) => issues.push({ check, severity, items })

  const placeholders = difference(tokens(source, PLACEHOLDER), tokens(translation, PLACEHOLDER))
  if (placeholders.missing.length > 0) add('placeholders_missing', 'error', placeholders.missing)
  if (placeholders.extra.length > 0) add('placeholders_extra', 'error', placeholders.extra)
  const tags = difference(tokens(source, TAG).map(normalTag), tokens(translation, TAG).map(normalTag))
  if (tags.missing.length > 0) add('tags_missing', 'error', tags.missing)
  if (tags.extra.length > 0) add('tags_extra', 'error', tags.extra)
  if (options.maxLength !== undefined) {
    // Characters as a reader counts them (code points: an emoji or a rare CJK sign is one).
    const length = characterCount(translation)
    if (length > options.maxLength) add('too_long', 'error', [String(length), String(options.maxLength)])
  }

  const numbers = difference(numbersOf(source), numbersOf(translation))
  if (numbers.missing.length > 0) add('numbers_missing', 'warning', numbers.missing)
  if (numbers.extra.length > 0) add('numbers_extra', 'warning', numbers.extra)
  if (/^\s/.test(source) !== /^\s/.test(translation) || /\s$/.test(source) !== /\s$/.test(translation)) add('edge_spaces', 'warning')
  if (/ {2}/.test(translation) && !/ {2}/.test(source)) add('double_spaces', 'warning')
  const sourceEnd = endPunctuation(source)
  if (sourceEnd !== endPunctuation(translation)) add('end_punctuation', 'warning', sourceEnd ? [sourceEnd] : [])
  const sourceFirst = firstLetter(source)
  const translationFirst = firstLetter(translation)
  if (sourceFirst && translationFirst && isUpper(sourceFirst) !== isUpper(translationFirst)) add('first_letter', 'warning')
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

/** `<br />` and `<br/>` are one tag. */
function normalTag(tag: string): string {
  return tag.replace(/\s+\/>$/, '/>')
}

/** Numbers outside placeholders and tags, without their separators (1.000 and 1,000 are one). */
function numbersOf(text: string): string[] {
  return tokens(text.replace(PLACEHOLDER, ' ').replace(TAG, ' '), NUMBER).map((number) => number.replace(/[.,]/g, ''))
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

/** The letter a text starts with (after tags, spaces and punctuation); null when a number or placeholder comes first. */
function firstLetter(text: string): string | null {
  for (const char of text.replace(TAG, '').replace(PLACEHOLDER, '0')) {
    if (LETTER.test(char)) return char
    if (/\S/.test(char) && !/[\p{P}\p{S}]/u.test(char)) return null
  }
  return null
}

function isUpper(char: string): boolean {
  return char !== char.toLowerCase() && char === char.toUpperCase()
}
