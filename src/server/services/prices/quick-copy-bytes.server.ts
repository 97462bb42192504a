import { ARTICLE_FIELD_MAX, CUSTOMER_NUMBER_MAX, PRICE_MAX_DECIMALS, PRICE_MAX_INTEGER_DIGITS, isKnownDay } from '../../../domain/price-values'
import type { HeaderColumns } from './upload-header.server'

// quickCopyLine (upload-row.server.ts) on a line's bytes, for the lines of a plain file that are
// ASCII: their cells go from the file's bytes straight into the staging table's COPY text, with no
// string, array or object per row. A million rows: the thread's staging 1.05 → 0.3 s (decision 033).
// It writes exactly what quickCopyLine writes, or nothing (then the line is decoded and read by
// quickCopyLine or checkRow): tests/prices/quick-copy-bytes.test.ts holds the two together.

const TAB = 9
const LF = 10
const BACKSLASH = 92
const DOT = 46
const COMMA = 44
const ZERO = 48

const FIRST_BYTES = 1 << 17

/** COPY text for the staging table, written into buffers that are handed on when full. */
export class CopyBytes {
  private buffer = Buffer.allocUnsafe(FIRST_BYTES)
  length = 0

  /** Room for one more line of at most `bytes` bytes. */
  reserve(bytes: number): Buffer {
    if (this.length + bytes > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes))
      this.buffer.copy(grown, 0, 0, this.length)
      this.buffer = grown
    }
    return this.buffer
  }

  /** Text already in COPY's format (a line checkRow read). */
  writeText(text: string): void {
    const bytes = Buffer.byteLength(text)
    this.length += this.reserve(bytes).write(text, this.length)
  }

  /** The lines written so far, in a buffer of their own; the next ones go to a new one. */
  take(): Buffer<ArrayBuffer> {
    const taken = this.buffer.subarray(0, this.length)
    this.buffer = Buffer.allocUnsafe(FIRST_BYTES)
    this.length = 0
    return taken
  }
}

/** A price key as bytes — article, 0, type, 0, customer number — for the duplicate watch. */
export class KeyBytes {
  readonly bytes = new Uint8Array(2 * ARTICLE_FIELD_MAX + CUSTOMER_NUMBER_MAX + 2)
  length = 0
}

/** Where the header puts each column, as the byte reader needs it. */
export type ByteLayout = {
  delimiter: number
  count: number
  uid: number
  type: number
  price: number
  currency: number
  validFrom: number
  customer: number
}

export function byteLayout(header: HeaderColumns, delimiter: ';' | ','): ByteLayout | null {
  const { index } = header
  if (index.article_uid === undefined || index.article_type === undefined || index.price === undefined) return null
  return {
    delimiter: delimiter.charCodeAt(0),
    count: header.count,
    uid: index.article_uid,
    type: index.article_type,
    price: index.price,
    currency: index.currency ?? -1,
    validFrom: index.valid_from ?? -1,
    customer: index.customer_number ?? -1,
  }
}

// Each cell's start and end in the line being read (one line at a time on the one thread).
const cellStart = new Int32Array(257)
const cellEnd = new Int32Array(257)

/**
 * Writes the line `bytes[start, end)` (no line break), number `line`, to `out` as quickCopyLine
 * would, and its price key to `key`; false (nothing written) when quickCopyLine or checkRow must
 * read it.
 */
export function quickCopyBytes(bytes: Uint8Array, start: number, end: number, line: number, layout: ByteLayout, out: CopyBytes, key: KeyBytes): boolean {
  if (!splitAscii(bytes, start, end, layout)) return false
  const uid = textCell(bytes, layout.uid, ARTICLE_FIELD_MAX)
  const type = textCell(bytes, layout.type, ARTICLE_FIELD_MAX)
  const customer = layout.customer < 0 || cellEnd[layout.customer] === cellStart[layout.customer] ? 0 : textCell(bytes, layout.customer, CUSTOMER_NUMBER_MAX)
  if (uid <= 0 || type <= 0 || customer < 0 || !currencyCell(bytes, layout.currency) || !dayCell(bytes, layout.validFrom)) return false
  // The longest line: the number, the cells as they are (a price or day never grows), \N and EUR.
  const buffer = out.reserve(12 + (end - start) + 16)
  let at = out.length
  at = writeNumber(buffer, at, line)
  buffer[at++] = TAB
  at = copyCell(bytes, layout.uid, buffer, at)
  buffer[at++] = TAB
  at = copyCell(bytes, layout.type, buffer, at)
  buffer[at++] = TAB
  if (customer === 0) at = writeNull(buffer, at)
  else at = copyCell(bytes, layout.customer, buffer, at)
  buffer[at++] = TAB
  at = writePrice(bytes, cellStart[layout.price]!, cellEnd[layout.price]!, buffer, at)
  if (at < 0) return false
  buffer[at++] = TAB
  at = writeCurrency(bytes, layout.currency, buffer, at)
  buffer[at++] = TAB
  at = writeDay(bytes, layout.validFrom, buffer, at)
  buffer[at++] = LF
  out.length = at
  writeKey(bytes, layout, key)
  return true
}

/** Finds the cells; false unless the line is ASCII and has exactly the header's count of them. */
function splitAscii(bytes: Uint8Array, start: number, end: number, layout: ByteLayout): boolean {
  let cell = 0
  cellStart[0] = start
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!
    if (byte >= 0x80) return false
    if (byte === layout.delimiter) {
      cellEnd[cell] = i
      cell += 1
      if (cell >= layout.count) return false
      cellStart[cell] = i + 1
    }
  }
  cellEnd[cell] = end
  return cell === layout.count - 1
}

const isSpace = (byte: number) => byte === 32 || (byte >= 9 && byte <= 13)

/** quickText on a cell: its length (1 to max) when nothing is to trim, refuse or escape; 0 when empty; -1 otherwise. */
function textCell(bytes: Uint8Array, cell: number, max: number): number {
  const start = cellStart[cell]!
  const end = cellEnd[cell]!
  const length = end - start
  if (length === 0) return 0
  if (length > max) return -1
  const first = bytes[start]!
  // A formula's first character (=, +, -, @), space to trim, or a character COPY escapes.
  if (first === 61 || first === 43 || first === 45 || first === 64 || isSpace(first) || isSpace(bytes[end - 1]!)) return -1
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!
    if (byte === BACKSLASH || byte === TAB || byte === LF || byte === 13) return -1
  }
  return length
}

/** Empty (EUR) or three capital letters. */
function currencyCell(bytes: Uint8Array, cell: number): boolean {
  if (cell < 0) return true
  const start = cellStart[cell]!
  const length = cellEnd[cell]! - start
  if (length === 0) return true
  if (length !== 3) return false
  for (let i = start; i < start + 3; i++) if (bytes[i]! < 65 || bytes[i]! > 90) return false
  return true
}

/** Empty, DD.MM.YYYY or YYYY-MM-DD of a real day from 1900 to 2999 (quickValidFrom). */
function dayCell(bytes: Uint8Array, cell: number): boolean {
  if (cell < 0) return true
  const start = cellStart[cell]!
  const length = cellEnd[cell]! - start
  if (length === 0) return true
  if (length !== 10) return false
  const german = bytes[start + 2] === DOT && bytes[start + 5] === DOT
  const iso = !german && bytes[start + 4] === 45 && bytes[start + 7] === 45
  if (!german && !iso) return false
  for (let i = 0; i < 10; i++) {
    if (german ? i === 2 || i === 5 : i === 4 || i === 7) continue
    if (bytes[start + i]! < ZERO || bytes[start + i]! > ZERO + 9) return false
  }
  const number = (from: number, digits: number) => {
    let value = 0
    for (let i = from; i < from + digits; i++) value = value * 10 + bytes[start + i]! - ZERO
    return value
  }
  return german ? isKnownDay(number(6, 4), number(3, 2), number(0, 2)) : isKnownDay(number(0, 4), number(5, 2), number(8, 2))
}

/** quickPrice on the cell's bytes, written at `at`; -1 when quickPrice would answer null. */
function writePrice(bytes: Uint8Array, start: number, end: number, buffer: Buffer, at: number): number {
  let comma = -1
  let firstDot = -1
  let dots = 0
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!
    if (byte >= ZERO && byte <= ZERO + 9) continue
    if (byte === DOT) {
      if (dots === 0) firstDot = i
      dots += 1
    } else if (byte === COMMA && comma === -1) comma = i
    else return -1
  }
  // The decimal mark: the one comma, or a lone point; points before a comma group thousands.
  const mark = comma !== -1 ? comma : dots === 1 ? firstDot : dots === 0 ? end : -1
  if (mark <= start) return -1
  const grouped = comma !== -1 && dots > 0
  if (grouped) {
    const lead = firstDot - start
    if (lead < 1 || lead > 3 || (comma - firstDot) % 4 !== 0 || (comma - firstDot) / 4 !== dots) return -1
    for (let i = firstDot; i < comma; i += 4) if (bytes[i] !== DOT) return -1
  }
  const fractionDigits = end - mark - 1
  if (mark < end && (fractionDigits < 1 || fractionDigits > PRICE_MAX_DECIMALS)) return -1
  // The integer's digits without the thousands points and leading zeros (one digit stays).
  let first = start
  while (first < mark - 1 && (bytes[first] === ZERO || bytes[first] === DOT) && nextDigit(bytes, first + 1, mark) !== -1) first += 1
  let digits = 0
  for (let i = first; i < mark; i++) if (bytes[i] !== DOT) digits += 1
  if (digits > PRICE_MAX_INTEGER_DIGITS) return -1
  for (let i = first; i < mark; i++) if (bytes[i] !== DOT) buffer[at++] = bytes[i]!
  let last = end
  while (last > mark + 1 && bytes[last - 1] === ZERO) last -= 1
  if (last > mark + 1) {
    buffer[at++] = DOT
    for (let i = mark + 1; i < last; i++) buffer[at++] = bytes[i]!
  }
  return at
}

/** The first digit in [from, to), or -1. */
function nextDigit(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (bytes[i] !== DOT) return i
  return -1
}

function writeNumber(buffer: Buffer, at: number, value: number): number {
  let digits = 1
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1
  for (let i = digits - 1, rest = value; i >= 0; i--, rest = Math.floor(rest / 10)) buffer[at + i] = ZERO + (rest % 10)
  return at + digits
}

function writeNull(buffer: Buffer, at: number): number {
  buffer[at] = BACKSLASH
  buffer[at + 1] = 78 // N
  return at + 2
}

function copyCell(bytes: Uint8Array, cell: number, buffer: Buffer, at: number): number {
  for (let i = cellStart[cell]!; i < cellEnd[cell]!; i++) buffer[at++] = bytes[i]!
  return at
}

function writeCurrency(bytes: Uint8Array, cell: number, buffer: Buffer, at: number): number {
  if (cell >= 0 && cellEnd[cell]! > cellStart[cell]!) return copyCell(bytes, cell, buffer, at)
  buffer[at] = 69 // E
  buffer[at + 1] = 85 // U
  buffer[at + 2] = 82 // R
  return at + 3
}

function writeDay(bytes: Uint8Array, cell: number, buffer: Buffer, at: number): number {
  if (cell < 0 || cellEnd[cell] === cellStart[cell]) return writeNull(buffer, at)
  const start = cellStart[cell]!
  const order = bytes[start + 2] === DOT ? FROM_GERMAN : FROM_ISO
  for (let i = 0; i < 10; i++) buffer[at++] = order[i]! < 0 ? 45 : bytes[start + order[i]!]!
  return at
}

// Where each character of YYYY-MM-DD comes from (-1: a dash): DD.MM.YYYY turned, YYYY-MM-DD as it is.
const FROM_GERMAN = [6, 7, 8, 9, -1, 3, 4, -1, 0, 1]
const FROM_ISO = [0, 1, 2, 3, -1, 5, 6, -1, 8, 9]

function writeKey(bytes: Uint8Array, layout: ByteLayout, key: KeyBytes): void {
  let at = 0
  for (let i = cellStart[layout.uid]!; i < cellEnd[layout.uid]!; i++) key.bytes[at++] = bytes[i]!
  key.bytes[at++] = 0
  for (let i = cellStart[layout.type]!; i < cellEnd[layout.type]!; i++) key.bytes[at++] = bytes[i]!
  key.bytes[at++] = 0
  if (layout.customer >= 0) for (let i = cellStart[layout.customer]!; i < cellEnd[layout.customer]!; i++) key.bytes[at++] = bytes[i]!
  key.length = at
}
