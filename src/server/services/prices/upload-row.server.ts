import {
  ARTICLE_FIELD_MAX,
  CUSTOMER_NUMBER_MAX,
  parseCurrency,
  parsePrice,
  parseText,
  parseValidFrom,
  quickPrice,
  quickValidFrom,
  type Parsed,
  type ValueProblem,
} from '../../../domain/price-values'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import { CSV_MAX_CELLS, type CsvRecord } from './csv-rows.server'
import { PRICE_LIST_COLUMNS, type HeaderColumns } from './upload-header.server'
import type { UploadProblems } from './upload-problems.server'

// One record of a price list checked cell by cell: every problem is named with its line and
// column; a good record becomes a staged row.
export type UploadRow = {
  line: number
  article_uid: string
  article_type: string
  customer_number: string | null
  price: string
  currency: string
  valid_from: string | null
}

type Column = keyof HeaderColumns['index']

export function checkRow(record: CsvRecord, header: HeaderColumns, problems: UploadProblems): UploadRow | null {
  const { line, cells } = record
  if (cells.length > CSV_MAX_CELLS) {
    const text = m.price_upload_too_many_cells(
      { line: String(line), max: String(CSV_MAX_CELLS), columns: String(PRICE_LIST_COLUMNS) },
      { locale: problems.locale },
    )
    problems.add(line, null, text)
    problems.countBadRow()
    return null
  }
  // Trailing empty cells (a spreadsheet's extra delimiters) are fine; missing or extra values are not.
  if (cells.length < header.count || hasValueAfter(cells, header.count)) {
    problems.add(
      line,
      null,
      m.price_upload_cell_count({ line: String(line), found: String(cells.length), expected: String(header.count) }, { locale: problems.locale }),
    )
    problems.countBadRow()
    return null
  }
  const { index } = header
  const uid = parseText(cellAt(cells, index.article_uid), { required: true, max: ARTICLE_FIELD_MAX })
  const type = parseText(cellAt(cells, index.article_type), { required: true, max: ARTICLE_FIELD_MAX })
  const price = parsePrice(cellAt(cells, index.price))
  const currency = parseCurrency(cellAt(cells, index.currency))
  const validFrom = parseValidFrom(cellAt(cells, index.valid_from))
  const customer = parseText(cellAt(cells, index.customer_number), { required: false, max: CUSTOMER_NUMBER_MAX })
  if (uid.ok && type.ok && price.ok && currency.ok && validFrom.ok && customer.ok && uid.value && type.value) {
    return {
      line,
      article_uid: uid.value,
      article_type: type.value,
      customer_number: customer.value,
      price: price.value,
      currency: currency.value,
      valid_from: validFrom.value,
    }
  }
  // Every problem of the row, in column order.
  const checked: Array<[Column, Parsed<unknown>, number?]> = [
    ['article_uid', uid, ARTICLE_FIELD_MAX],
    ['article_type', type, ARTICLE_FIELD_MAX],
    ['price', price],
    ['currency', currency],
    ['valid_from', validFrom],
    ['customer_number', customer, CUSTOMER_NUMBER_MAX],
  ]
  for (const [column, parsed, max] of checked) {
    if (parsed.ok) continue
    problems.add(line, column, problemText(parsed.problem, { line, column, value: cellAt(cells, index[column]).trim(), max }, problems.locale))
  }
  problems.countBadRow()
  return null
}

/**
 * A good row as nearly every row of a price list is written (exactly the header's cells, no
 * space to trim, the common price and date shapes, nothing COPY must escape) straight to its
 * line of COPY text for the staging table — the columns of `STAGED_COLUMNS` — with its price key
 * noted. null when checkRow must read the row (which then answers the same values, or names the
 * row's problems): the objects of a million checked rows were a quarter of the upload's time
 * on the thread that answers requests (decision 033).
 */
export function quickCopyLine(record: CsvRecord, header: HeaderColumns, note: (uid: string, type: string, customer: string | null) => void): string | null {
  const { cells } = record
  if (cells.length !== header.count) return null
  const { index } = header
  const uid = quickText(cells[index.article_uid!]!, ARTICLE_FIELD_MAX)
  const type = quickText(cells[index.article_type!]!, ARTICLE_FIELD_MAX)
  const price = quickPrice(cells[index.price!]!)
  if (uid === null || type === null || price === null) return null
  const currencyCell = cellAt(cells, index.currency)
  const currency = currencyCell === '' ? 'EUR' : /^[A-Z]{3}$/.test(currencyCell) ? currencyCell : null
  const validFrom = quickValidFrom(cellAt(cells, index.valid_from))
  const customerCell = cellAt(cells, index.customer_number)
  const customer = customerCell === '' ? null : quickText(customerCell, CUSTOMER_NUMBER_MAX)
  if (currency === null || validFrom === undefined || (customer === null && customerCell !== '')) return null
  note(uid, type, customer)
  return `${record.line}\t${uid}\t${type}\t${customer ?? '\\N'}\t${price}\t${currency}\t${validFrom ?? '\\N'}\n`
}

/** A text cell with nothing to trim, refuse or escape: parseText's value; null otherwise. */
function quickText(raw: string, max: number): string | null {
  if (raw.length === 0 || raw.length > max || raw.trim() !== raw || FORMULA_OR_ESCAPE.test(raw)) return null
  return raw
}
// A formula's first character (parseText), or a character COPY's text format escapes.
const FORMULA_OR_ESCAPE = /^[=+\-@]|[\\\t\n\r]/

function cellAt(cells: string[], position: number | undefined): string {
  return position === undefined ? '' : (cells[position] ?? '')
}

function hasValueAfter(cells: string[], count: number): boolean {
  for (let i = count; i < cells.length; i++) if (cells[i]!.trim() !== '') return true
  return false
}

function problemText(problem: ValueProblem, at: { line: number; column: string; value: string; max?: number }, locale: Locale): string {
  const base = { line: String(at.line), column: at.column }
  const value = at.value.length > 40 ? `${at.value.slice(0, 40)}…` : at.value
  switch (problem) {
    case 'required':
      return m.price_upload_required(base, { locale })
    case 'formula':
      return m.price_upload_formula(base, { locale })
    case 'too_long':
      return m.price_upload_too_long({ ...base, max: String(at.max ?? '') }, { locale })
    case 'price_negative':
      return m.price_upload_price_negative(base, { locale })
    case 'price_not_number':
      return m.price_upload_price_not_number({ ...base, value }, { locale })
    case 'price_decimals':
      return m.price_upload_price_decimals(base, { locale })
    case 'price_too_large':
      return m.price_upload_price_too_large(base, { locale })
    case 'date_invalid':
      return m.price_upload_date_invalid({ ...base, value }, { locale })
    case 'currency_invalid':
      return m.price_upload_currency_invalid({ ...base, value }, { locale })
  }
}
