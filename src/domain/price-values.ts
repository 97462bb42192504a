// Values of a price-list CSV row as German and English spreadsheets write them (README,
// "Price list upload (CSV)"). Pure functions: each answers the normalized value or a problem
// code, which the server words in the caller's language.

/** price_list_entries.price is numeric(12,4): 8 digits before the point, 4 after. */
export const PRICE_MAX_INTEGER_DIGITS = 8
export const PRICE_MAX_DECIMALS = 4
export const ARTICLE_FIELD_MAX = 64
export const CUSTOMER_NUMBER_MAX = 32

export type ValueProblem =
  'required' | 'formula' | 'too_long' | 'price_negative' | 'price_not_number' | 'price_decimals' | 'price_too_large' | 'date_invalid' | 'currency_invalid'

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: ValueProblem }

const FORMULA_START = /^[=+\-@\t\r]/
const SIMPLE_PRICE = /^(\d+)(?:[.,](\d{1,4}))?$/
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const GERMAN_DAY = /^\d{2}\.\d{2}\.\d{4}$/
const GERMAN_GROUPED_PRICE = /^(\d{1,3}(?:\.\d{3})+),(\d{1,4})$/
const ENGLISH_GROUPED_PRICE = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,4})$/

/** A text cell: trimmed; never one a spreadsheet would run as a formula. */
export function parseText(raw: string, { required, max }: { required: boolean; max: number }): Parsed<string | null> {
  const value = raw.trim()
  if (value === '') return required ? { ok: false, problem: 'required' } : { ok: true, value: null }
  if (FORMULA_START.test(raw.trimStart()) || FORMULA_START.test(value)) return { ok: false, problem: 'formula' }
  if (value.length > max) return { ok: false, problem: 'too_long' }
  return { ok: true, value }
}

/**
 * A price with a decimal comma or point and optional thousands separators: "1.234,56",
 * "1234,56", "1,234.56", "1234.56", "12". With both marks the last one is the decimal mark;
 * with one comma it is the decimal mark (German); several equal marks are thousands
 * separators. Answers the exact decimal text ("1234.56"), never a float.
 */
export function parsePrice(raw: string): Parsed<string> {
  // The common shapes ("12", "1299,50", "1.299,50", "1,299.50") without the general path.
  const simple = SIMPLE_PRICE.exec(raw) ?? GERMAN_GROUPED_PRICE.exec(raw) ?? ENGLISH_GROUPED_PRICE.exec(raw)
  if (simple) {
    let digits = simple[1]!
    if (digits.length > 3) digits = digits.replaceAll(digits.includes('.') ? '.' : ',', '')
    if (digits.length > 1 && digits.startsWith('0')) digits = digits.replace(/^0+(?=\d)/, '')
    let fraction = simple[2] ?? ''
    if (fraction.endsWith('0')) fraction = fraction.replace(/0+$/, '')
    if (digits.length <= PRICE_MAX_INTEGER_DIGITS) return { ok: true, value: fraction ? `${digits}.${fraction}` : digits }
  }
  const text = raw.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (text === '') return { ok: false, problem: 'required' }
  if (text.startsWith('-')) return /^-[\d.,]+$/.test(text) ? { ok: false, problem: 'price_negative' } : { ok: false, problem: 'formula' }
  if (FORMULA_START.test(text)) return { ok: false, problem: 'formula' }
  if (!/^\d[\d.,]*$/.test(text)) return { ok: false, problem: 'price_not_number' }
  const lastComma = text.lastIndexOf(',')
  const lastPoint = text.lastIndexOf('.')
  let integer: string
  let fraction: string
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimal = lastComma > lastPoint ? ',' : '.'
    const thousands = decimal === ',' ? '.' : ','
    const cut = text.lastIndexOf(decimal)
    integer = text.slice(0, cut)
    fraction = text.slice(cut + 1)
    if (integer.includes(decimal) || !groupedThousands(integer, thousands)) return { ok: false, problem: 'price_not_number' }
    integer = integer.replaceAll(thousands, '')
  } else {
    const mark = lastComma >= 0 ? ',' : lastPoint >= 0 ? '.' : null
    const marks = mark ? text.split(mark).length - 1 : 0
    if (mark && marks > 1) {
      // "1.234.567" — thousands only.
      if (!groupedThousands(text, mark)) return { ok: false, problem: 'price_not_number' }
      integer = text.replaceAll(mark, '')
      fraction = ''
    } else if (mark) {
      ;[integer = '', fraction = ''] = text.split(mark)
    } else {
      integer = text
      fraction = ''
    }
  }
  if (integer === '' || !/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return { ok: false, problem: 'price_not_number' }
  const trimmedFraction = fraction.replace(/0+$/, '')
  if (trimmedFraction.length > PRICE_MAX_DECIMALS) return { ok: false, problem: 'price_decimals' }
  const digits = integer.replace(/^0+(?=\d)/, '')
  if (digits.length > PRICE_MAX_INTEGER_DIGITS) return { ok: false, problem: 'price_too_large' }
  return { ok: true, value: trimmedFraction ? `${digits}.${trimmedFraction}` : digits }
}

/**
 * The price shapes of nearly every row — "12", "1299,50", "1299.5", "1.299,50" — read by one
 * scan of the characters, without the regular expressions, match arrays and result object of
 * parsePrice: a million rows are read per upload (decision 033). Answers exactly parsePrice's value
 * for these shapes, and null for everything else (then parsePrice decides, and names a problem);
 * tests/domain/price-values.test.ts holds the two to the same answer.
 */
export function quickPrice(raw: string): string | null {
  const length = raw.length
  let comma = -1
  let dots = 0
  for (let i = 0; i < length; i++) {
    const code = raw.charCodeAt(i)
    if (code >= 48 && code <= 57) continue
    if (code === 46 /* . */) dots += 1
    else if (code === 44 /* , */ && comma === -1) comma = i
    else return null
  }
  // The decimal mark: the one comma, or a lone point; points before a comma group thousands.
  const mark = comma !== -1 ? comma : dots === 1 ? raw.indexOf('.') : dots === 0 ? length : -1
  if (mark <= 0) return null
  if (comma !== -1 && dots > 0 && !thousandsPoints(raw, comma, dots)) return null
  const fractionDigits = length - mark - 1
  if (mark < length && (fractionDigits < 1 || fractionDigits > PRICE_MAX_DECIMALS)) return null
  let digits = raw.slice(0, mark)
  if (comma !== -1 && dots > 0) digits = digits.replaceAll('.', '')
  let zeros = 0
  while (zeros < digits.length - 1 && digits.charCodeAt(zeros) === 48) zeros += 1
  if (zeros > 0) digits = digits.slice(zeros)
  if (digits.length > PRICE_MAX_INTEGER_DIGITS) return null
  let end = length
  while (end > mark + 1 && raw.charCodeAt(end - 1) === 48) end -= 1
  return end > mark + 1 ? `${digits}.${raw.slice(mark + 1, end)}` : digits
}

/**
 * Whether the `dots` points of a price all group thousands before its comma, as in
 * "1.234.567,8": 1–3 digits, then a point before every three digits up to the comma.
 */
function thousandsPoints(raw: string, comma: number, dots: number): boolean {
  const first = raw.indexOf('.')
  if (first < 1 || first > 3 || (comma - first) % 4 !== 0 || (comma - first) / 4 !== dots) return false
  for (let at = first; at < comma; at += 4) if (raw.charCodeAt(at) !== 46) return false
  return true
}

/**
 * valid_from as nearly every row writes it — "" (none), "DD.MM.YYYY" or "YYYY-MM-DD" with no
 * space around — by the same rules as parseValidFrom, without its trimming and regular
 * expressions. undefined for anything else (then parseValidFrom decides).
 */
export function quickValidFrom(raw: string): string | null | undefined {
  if (raw.length === 0) return null
  if (raw.length !== 10) return undefined
  let year: string
  let month: string
  let day: string
  if (raw.charCodeAt(2) === 46 && raw.charCodeAt(5) === 46 && digitsAt(raw, 0, 2) && digitsAt(raw, 3, 5) && digitsAt(raw, 6, 10)) {
    ;[year, month, day] = [raw.slice(6, 10), raw.slice(3, 5), raw.slice(0, 2)]
  } else if (raw.charCodeAt(4) === 45 && raw.charCodeAt(7) === 45 && digitsAt(raw, 0, 4) && digitsAt(raw, 5, 7) && digitsAt(raw, 8, 10)) {
    ;[year, month, day] = [raw.slice(0, 4), raw.slice(5, 7), raw.slice(8, 10)]
  } else return undefined
  const parsed = calendarDay(year, month, day)
  return parsed.ok ? parsed.value : undefined
}

function digitsAt(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

function groupedThousands(text: string, mark: string): boolean {
  const groups = text.split(mark)
  return /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group))
}

/** valid_from: YYYY-MM-DD or DD.MM.YYYY, a real calendar day; empty means none. */
export function parseValidFrom(raw: string): Parsed<string | null> {
  const text = raw.trim()
  if (text === '') return { ok: true, value: null }
  if (FORMULA_START.test(text)) return { ok: false, problem: 'formula' }
  // The two full forms without captures or a Date: a million rows are checked per upload.
  if (ISO_DAY.test(text)) return calendarDay(text.slice(0, 4), text.slice(5, 7), text.slice(8, 10))
  if (GERMAN_DAY.test(text)) return calendarDay(text.slice(6, 10), text.slice(3, 5), text.slice(0, 2))
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : german ? [german[3], german[2], german[1]] : []
  if (!year || !month || !day) return { ok: false, problem: 'date_invalid' }
  return calendarDay(year, month.padStart(2, '0'), day.padStart(2, '0'))
}

function calendarDay(year: string, month: string, day: string): Parsed<string> {
  const y = Number(year)
  if (y < 1900 || y > 2999 || !isCalendarDay(y, Number(month), Number(day))) return { ok: false, problem: 'date_invalid' }
  return { ok: true, value: `${year}-${month}-${day}` }
}

/** A real calendar day in the years a price list may name (1900–2999), as parseValidFrom takes it. */
export function isKnownDay(year: number, month: number, day: number): boolean {
  return year >= 1900 && year <= 2999 && isCalendarDay(year, month, day)
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
  return day <= days
}

/** currency: three letters (ISO 4217), EUR when empty. */
export function parseCurrency(raw: string): Parsed<string> {
  const text = raw.trim()
  if (text === '') return { ok: true, value: 'EUR' }
  if (FORMULA_START.test(text)) return { ok: false, problem: 'formula' }
  if (!/^[A-Za-z]{3}$/.test(text)) return { ok: false, problem: 'currency_invalid' }
  return { ok: true, value: text.toUpperCase() }
}

/**
 * The delimiter of a header line: `;` or `,`, whichever occurs more often outside quotes
 * (`;` when tied — German spreadsheets). null when the line has neither.
 */
export function detectDelimiter(headerLine: string): ';' | ',' | null {
  let semicolons = 0
  let commas = 0
  let quoted = false
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted
    else if (!quoted && char === ';') semicolons += 1
    else if (!quoted && char === ',') commas += 1
  }
  if (semicolons === 0 && commas === 0) return null
  return semicolons >= commas ? ';' : ','
}
