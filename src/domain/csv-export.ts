// CSV export of a table view, safe to open in a spreadsheet (OWASP "CSV injection", ASVS 1.2.10):
// every CSV the portal writes goes through here (a lint rule keeps it so: eslint.config.js).
// - A cell a spreadsheet would run as a formula gets an apostrophe in front, so it is shown as
//   text: one starting with = + - @, tab, CR or NUL — also after leading spaces or line breaks,
//   which some programs trim on import, and in the full-width forms (＝ ＋ － ＠) that
//   East-Asian spreadsheets take as the same signs.
// - A cell with a quote, a separator of any kind (; , tab) or a line break is quoted, so that a
//   program reading the file with another separator (English Excel splits at commas) cannot cut
//   "x,=HYPERLINK(…)" into a cell of its own.
// `;` separates, as German spreadsheets expect; a BOM tells Excel the text is UTF-8.
// eslint-disable-next-line no-control-regex -- NUL and CR are among the signs to catch
const FORMULA_START = /^[\s\u0000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\u0000]/
const NEEDS_QUOTES = /[";,\t\r\n]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function toCsv(header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(';'))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
