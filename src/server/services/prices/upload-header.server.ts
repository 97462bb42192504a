import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { m } from '../../../paraglide/messages'
import { CSV_MAX_CELLS } from './csv-rows.server'
import type { UploadProblems } from './upload-problems.server'

// The header row of a price list: the column names in any order and letter case; three are
// required, three optional, anything else is refused (a typo must not drop a column silently).
export const REQUIRED_COLUMNS = ['article_uid', 'article_type', 'price'] as const
export const OPTIONAL_COLUMNS = ['currency', 'valid_from', 'customer_number'] as const
const columnName = z.enum([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS])
type ColumnName = z.infer<typeof columnName>
const KNOWN: ReadonlyArray<string> = columnName.options
/** csv-parse's rows, checked (parse at every edge, docs/architecture.md). */
const csvRows = z.array(z.array(z.string()))
export const PRICE_LIST_COLUMNS = KNOWN.length

/** Where each column is, and how many cells the header has. */
export type HeaderColumns = { index: Partial<Record<ColumnName, number>>; count: number }

export function readHeader(line: string, delimiter: ';' | ',', problems: UploadProblems): HeaderColumns | null {
  const { locale } = problems
  let cells: string[]
  try {
    cells = csvRows.parse(parse(line, { delimiter, relax_quotes: true }))[0] ?? []
  } catch {
    problems.add(1, null, m.price_upload_malformed({ line: '1', reason: 'header' }, { locale }))
    return null
  }
  // Not one "unknown column" per cell of a header with thousands of them.
  if (cells.length > CSV_MAX_CELLS) {
    problems.add(1, null, m.price_upload_too_many_cells({ line: '1', max: String(CSV_MAX_CELLS), columns: String(KNOWN.length) }, { locale }))
    return null
  }
  const index: HeaderColumns['index'] = {}
  cells.forEach((cell, position) => {
    const name = cell.trim().toLowerCase()
    if (name === '' && position === cells.length - 1) return // a trailing delimiter
    const known = columnName.safeParse(name)
    if (!known.success) {
      problems.add(1, cell, m.price_upload_unknown_column({ column: cell.trim(), allowed: KNOWN.join(', ') }, { locale }))
      return
    }
    const column = known.data
    if (index[column] !== undefined) problems.add(1, cell, m.price_upload_duplicate_column({ column: name }, { locale }))
    else index[column] = position
  })
  const missing = REQUIRED_COLUMNS.filter((column) => index[column] === undefined)
  if (missing.length > 0) problems.add(1, null, m.price_upload_missing_columns({ columns: missing.join(', ') }, { locale }))
  return problems.any() ? null : { index, count: cells.length }
}
