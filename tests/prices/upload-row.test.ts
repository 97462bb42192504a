import { describe, expect, it } from 'vitest'
import { copyLines } from '../../src/server/db/copy.server'
import type { HeaderColumns } from '../../src/server/services/prices/upload-header.server'
import { UploadProblems } from '../../src/server/services/prices/upload-problems.server'
import { checkRow, quickCopyLine } from '../../src/server/services/prices/upload-row.server'

// The upload's quick reading of a common row (decision 033) answers what checkRow answers, as the
// staging table's COPY line, or leaves the row to checkRow.
const header: HeaderColumns = { index: { article_uid: 0, article_type: 1, price: 2, currency: 3, valid_from: 4, customer_number: 5 }, count: 6 }
const COLUMNS = ['line', 'article_uid', 'article_type', 'customer_number', 'price', 'currency', 'valid_from'] as const

function both(cells: string[]) {
  const noted: Array<[string, string, string | null]> = []
  const quick = quickCopyLine({ line: 7, cells }, header, (...key) => noted.push(key))
  const problems = new UploadProblems('en')
  const row = checkRow({ line: 7, cells }, header, problems)
  return { quick, noted, checked: row ? copyLines([COLUMNS.map((column) => row[column])]) : null, problems: problems.any() }
}

describe('quickCopyLine', () => {
  it.each([
    [['A-1', 'GRIFF', '1.299,50', 'EUR', '01.03.2027', ''], '7\tA-1\tGRIFF\t\\N\t1299.5\tEUR\t2027-03-01\n'],
    [['A-1', 'GRIFF', '12', '', '', 'K-9'], '7\tA-1\tGRIFF\tK-9\t12\tEUR\t\\N\n'],
    [['A-1', 'GRIFF', '0012,000', 'CHF', '2028-02-29', ''], '7\tA-1\tGRIFF\t\\N\t12\tCHF\t2028-02-29\n'],
  ])('reads the common row %j as checkRow does, and notes its key', (cells, line) => {
    const { quick, noted, checked } = both(cells)
    expect(quick).toBe(line)
    expect(checked).toBe(line)
    expect(noted).toEqual([[cells[0], cells[1], cells[5] || null]])
  })

  it.each([
    // Space to trim, a lower-case currency, a grouped English price: good rows checkRow reads.
    [' A-1', 'GRIFF', '12', 'EUR', '', ''],
    ['A-1', 'GRIFF', '12', 'eur', '', ''],
    ['A-1', 'GRIFF', '1,299.50', 'EUR', '', ''],
    ['A-1', 'GRIFF', '12', 'EUR', '1.3.2027', ''],
    // A backslash or tab that COPY escapes, kept exactly.
    ['A\\1', 'GRIFF', '12', 'EUR', '', ''],
    ['A\t1', 'GRIFF', '12', 'EUR', '', ''],
    // Trailing empty cells of a spreadsheet.
    ['A-1', 'GRIFF', '12', 'EUR', '', '', ''],
  ])('leaves %j to checkRow, which stages it', (...cells) => {
    const { quick, noted, checked, problems } = both(cells)
    expect(quick).toBeNull()
    expect(noted).toEqual([])
    expect(problems).toBe(false)
    expect(checked).toMatch(/^7\t/)
  })

  it.each([
    ['=A1', 'GRIFF', '12', 'EUR', '', ''],
    ['-A1', 'GRIFF', '12', 'EUR', '', ''],
    ['A-1', 'GRIFF', '-12', 'EUR', '', ''],
    ['A-1', 'GRIFF', '12,12345', 'EUR', '', ''],
    ['A-1', 'GRIFF', '123456789', 'EUR', '', ''],
    ['A-1', 'GRIFF', '12', 'EURO', '', ''],
    ['A-1', 'GRIFF', '12', 'EUR', '29.02.2027', ''],
    ['A-1', '', '12', 'EUR', '', ''],
    ['A-1', 'GRIFF', '12', 'EUR', '', '+49'],
    ['x'.repeat(65), 'GRIFF', '12', 'EUR', '', ''],
    ['A-1', 'GRIFF', '12', 'EUR', ''],
  ])('leaves the bad row %j to checkRow, which names its problem', (...cells) => {
    const { quick, checked, problems } = both(cells)
    expect(quick).toBeNull()
    expect(checked).toBeNull()
    expect(problems).toBe(true)
  })
})
