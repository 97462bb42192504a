import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/domain/csv-export'

// Every CSV export of the portal (baskets, price logs, a price log's rows, users) is made by
// toCsv (a lint rule keeps it so): what a spreadsheet would run as a formula is shown as text.
describe('CSV export of a table view', () => {
  it.each([
    ['plain', 'plain'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+49 30 1234', "'+49 30 1234"],
    ['-12,50', `"'-12,50"`],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\u0000=1', "'\u0000=1"],
    // Trimmed on import by some programs, then a formula.
    ['  =1+1', "'  =1+1"],
    ['\n@SUM(1)', `"'\n@SUM(1)"`],
    // Full-width signs, taken as formula signs by East-Asian spreadsheets.
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['a;b', '"a;b"'],
    // A program splitting at commas or tabs would make the formula a cell of its own.
    ['Holz GmbH,=HYPERLINK("http://evil")', `"Holz GmbH,=HYPERLINK(""http://evil"")"`],
    ['x\t=1+1', `"x\t=1+1"`],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    ['a = b', 'a = b'],
    ['1.299,50', '"1.299,50"'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes a BOM, a header and CRLF lines separated by semicolons', () => {
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("\uFEFFa;b\r\n1;'=2\r\n")
  })
})
