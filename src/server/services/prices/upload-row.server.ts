import {
  ARTICLE_FIELD_MAX,
  CUSTOMER_NUMBER_MAX,
  parseCurrency,
  parsePrice,
  parseText,
  parseValidFrom,
  type Parsed,
  type ValueProblem,
} from '../../../domain/price-values'
import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import type { CsvRecord } from './csv-rows.server'
import type { HeaderColumns } from './upload-header.server'
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

export function checkRow(record: CsvRecord, header: HeaderColumns, problems: UploadProblems): UploadRow | null {
  const { line, cells } = record
  const { locale } = problems
  // Trailing empty cells (a spreadsheet's extra delimiters) are fine; missing or extra values are not.
  const extra = cells.slice(header.count)
  if (cells.length < header.count || extra.some((cell) => cell.trim() !== '')) {
    problems.add(line, null, m.price_upload_cell_count({ line: String(line), found: String(cells.length), expected: String(header.count) }, { locale }))
    problems.countBadRow()
    return null
  }
  const cell = (column: keyof HeaderColumns['index']) => {
    const position = header.index[column]
    return position === undefined ? '' : (cells[position] ?? '')
  }
  let bad = false
  function take<T>(column: keyof HeaderColumns['index'], parsed: Parsed<T>, max?: number): T | undefined {
    if (parsed.ok) return parsed.value
    bad = true
    problems.add(line, column, problemText(parsed.problem, { line, column, value: cell(column).trim(), max }, locale))
    return undefined
  }
  const articleUid = take('article_uid', parseText(cell('article_uid'), { required: true, max: ARTICLE_FIELD_MAX }), ARTICLE_FIELD_MAX)
  const articleType = take('article_type', parseText(cell('article_type'), { required: true, max: ARTICLE_FIELD_MAX }), ARTICLE_FIELD_MAX)
  const price = take('price', parsePrice(cell('price')))
  const currency = take('currency', parseCurrency(cell('currency')))
  const validFrom = take('valid_from', parseValidFrom(cell('valid_from')))
  const customer = take('customer_number', parseText(cell('customer_number'), { required: false, max: CUSTOMER_NUMBER_MAX }), CUSTOMER_NUMBER_MAX)
  if (bad || !articleUid || !articleType || price === undefined || currency === undefined || validFrom === undefined || customer === undefined) {
    problems.countBadRow()
    return null
  }
  return { line, article_uid: articleUid, article_type: articleType, customer_number: customer, price, currency, valid_from: validFrom }
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
