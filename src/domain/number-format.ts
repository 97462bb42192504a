// Numbers of a translation compared by value, each text read in its own language's number
// format: German "1.299,00" and English "1,299.00" are the same price. The format comes from
// Intl (the same ICU data in the browser and in Node); 'master' is German. See decision 037.

/** How a language writes a number: its decimal mark and the mark between groups of thousands. */
export type NumberFormat = { decimal: '.' | ','; group: string }

const SPACES = '\u00a0\u202f\u2009'
const APOSTROPHES = "'’"
/** Marks some language writes between the digits of one number: a token is digits joined by these. */
const JOINERS = `.,${APOSTROPHES}${SPACES}`
const TOKEN = new RegExp(`\\d+(?:[${JOINERS}]\\d+)*`, 'g')

const formats = new Map<string, NumberFormat | null>()

/** The number format of a language code; null where Intl does not know the language. */
export function numberFormatOf(language: string): NumberFormat | null {
  const known = formats.get(language)
  if (known !== undefined) return known
  const locale = language === 'master' ? 'de' : language
  let format: NumberFormat | null = null
  try {
    if (Intl.NumberFormat.supportedLocalesOf([locale]).length > 0) {
      const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5)
      const decimal = parts.find((part) => part.type === 'decimal')?.value
      const group = parts.find((part) => part.type === 'group')?.value ?? ''
      if ((decimal === '.' || decimal === ',') && group !== decimal && (group === '' || JOINERS.includes(group))) format = { decimal, group }
    }
  } catch {
    // A code Intl refuses: numbers are compared by their digits alone.
  }
  formats.set(language, format)
  return format
}

const spaced = (format: NumberFormat | null) => format !== null && SPACES.includes(format.group)

/** Per format, made once: what marks a group, and what a number looks like in a text. */
const patterns = new WeakMap<NumberFormat, { groupMark: RegExp; token: RegExp }>()
function patternsOf(format: NumberFormat): { groupMark: RegExp; token: RegExp } {
  let known = patterns.get(format)
  if (!known) {
    const marks = APOSTROPHES.includes(format.group) ? `${APOSTROPHES}${SPACES}` : spaced(format) ? ` ${SPACES}` : `${format.group}${SPACES}`
    // Where a language groups with spaces, a typed space before three digits groups too ("1 299,00").
    const token = spaced(format) ? new RegExp(`\\d+(?:(?:[${JOINERS}]| (?=\\d{3}(?!\\d)))\\d+)*`, 'g') : TOKEN
    known = { groupMark: new RegExp(`[${marks}]`), token }
    patterns.set(format, known)
  }
  return known
}

/** A number of a format: its value (`1234.5`), whether it was written in groups, its digits after the mark. */
export type ReadNumber = { value: string; grouped: boolean; decimals: number }

/**
 * `token` read in `format`: de "1.234,50" is 1234.5. Null when it is no number of that format
 * (a date 12.03.2024, a version 2.5.1, the material number 1.4301 in German): groups have three
 * digits after the first, one kind of mark between them; spaces between groups count everywhere.
 */
export function readNumber(token: string, format: NumberFormat): ReadNumber | null {
  const [whole = '', fraction, more] = token.split(format.decimal)
  if (more !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return null
  const groups = whole.split(patternsOf(format).groupMark)
  if (groups.some((group) => !/^\d+$/.test(group))) return null
  const grouped = groups.length > 1
  if (grouped) {
    const marks = whole.replace(/\d/g, '')
    if (groups[0]!.length > 3 || groups.some((group, index) => index > 0 && group.length !== 3) || marks !== marks[0]!.repeat(marks.length)) return null
  }
  const integer = groups.join('').replace(/^0+(?=\d)/, '')
  const decimals = (fraction ?? '').replace(/0+$/, '')
  return { value: decimals === '' ? integer : `${integer}.${decimals}`, grouped, decimals: fraction?.length ?? 0 }
}

/** `number` written in `format`. */
function write(number: ReadNumber, format: NumberFormat): string {
  const [integer = '0', fraction = ''] = number.value.split('.')
  const digits = number.grouped ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, format.group || '\u202f') : integer
  return number.decimals > 0 ? `${digits}${format.decimal}${fraction.padEnd(number.decimals, '0')}` : digits
}

/** A number as written, with its value in its text's format (its digits where the format is not known). */
type Reading = { text: string; value: string }
/** Digits and the marks between them as they stand in a text, with the numbers they are. */
type Token = { text: string; readings: Reading[] }

/** The numbers of `text`; a token that is no number of `format` counts as its runs of digits. */
function numberTokens(text: string, format: NumberFormat | null): Token[] {
  return [...text.matchAll(format ? patternsOf(format).token : TOKEN)].map(([token]) => {
    const value = format ? readNumber(token, format)?.value : token.replace(/\D/g, '')
    if (value !== undefined) return { text: token, readings: [{ text: token, value }] }
    return { text: token, readings: [...token.matchAll(/\d+/g)].map(([run]) => ({ text: run, value: run.replace(/^0+(?=\d)/, '') })) }
  })
}

export type NumberDifference = {
  /** Numbers of the source the translation lacks, as the source writes them. */
  missing: string[]
  /** Numbers of the translation that are not in the source, as the translation writes them. */
  extra: string[]
  /** Numbers copied as the source writes them that the translation's language reads otherwise: [as copied, as it should be]. */
  misread: Array<[string, string]>
}

/**
 * The numbers of `source` (in `sourceLanguage`) and `translation` (in `targetLanguage`) compared
 * by value. A number copied as it stands is the same number unless the target's format reads it
 * as another one: both formats read it (de "1.000" is a thousand, en "1.000" is one), or it is a
 * number with groups and decimals the target cannot read (de "1.299,00" in English). With a
 * language Intl does not know, numbers are compared by their digits.
 */
export function compareNumbers(source: string, translation: string, sourceLanguage: string, targetLanguage: string): NumberDifference {
  if (!/\d/.test(source) && !/\d/.test(translation)) return { missing: [], extra: [], misread: [] }
  const sourceFormat = numberFormatOf(sourceLanguage)
  const targetFormat = numberFormatOf(targetLanguage)
  const known = sourceFormat && targetFormat ? { source: sourceFormat, target: targetFormat } : null
  const wanted = numberTokens(source, known?.source ?? null)
  const found = numberTokens(translation, known?.target ?? null)
  const misread: Array<[string, string]> = []
  // A number copied as it stands: the same number, unless the target's language reads it otherwise.
  const copied = new Set<Token>()
  for (const token of wanted) {
    const copy = found.find((candidate) => !copied.has(candidate) && candidate.text === token.text)
    if (!copy) continue
    copied.add(copy).add(token)
    const here = known && readNumber(token.text, known.source)
    if (!known || !here) continue
    const there = readNumber(token.text, known.target)
    if (there ? there.value !== here.value : here.grouped && here.decimals > 0) misread.push([token.text, write(here, known.target)])
  }
  // The rest by value, each number of the translation standing for one of the source.
  const left = found.filter((token) => !copied.has(token)).flatMap((token) => token.readings)
  const used = new Set<Reading>()
  const missing: string[] = []
  for (const reading of wanted.filter((token) => !copied.has(token)).flatMap((token) => token.readings)) {
    const same = left.find((candidate) => !used.has(candidate) && candidate.value === reading.value)
    if (same) used.add(same)
    else missing.push(reading.text)
  }
  const extra = left.filter((reading) => !used.has(reading)).map((reading) => reading.text)
  return { missing, extra, misread }
}
