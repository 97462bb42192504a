import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/domain/csv-export'

describe('CSV export of a table view', () => {
  it.each([
    ['plain', 'plain'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+49 30 1234', "'+49 30 1234"],
    ['-12,50', "'-12,50"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['a;b', '"a;b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes a BOM, a header and CRLF lines separated by semicolons', () => {
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("\uFEFFa;b\r\n1;'=2\r\n")
  })
})
