// CSV export of a table view, safe to open in a spreadsheet: a cell that starts like a
// formula (= + - @, tab, CR) is prefixed with an apostrophe so it is shown as text, never
// run (OWASP "CSV injection"). `;` separates, as German spreadsheets expect; a BOM tells
// Excel the text is UTF-8.
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function toCsv(header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(';'))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
