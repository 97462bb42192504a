import type { Locale } from '../../../contract/envelope'
import { m } from '../../../paraglide/messages'
import type { CsvFileProblem } from './csv-inspect.server'
import { CSV_MAX_LINE_BYTES } from './csv-line-check.server'

/** What the answer says about a file refused before parsing (csv-inspect.server.ts); the lines are in the text. */
export function fileProblemText(problem: CsvFileProblem, locale: Locale): string {
  switch (problem.kind) {
    case 'utf16':
      return m.price_upload_utf16({}, { locale })
    case 'line-too-long':
      return m.price_upload_line_too_long({ line: String(problem.line), max: String(CSV_MAX_LINE_BYTES / 1024) }, { locale })
    case 'bom-inside':
      return m.price_upload_bom_inside({ line: String(problem.line) }, { locale })
    case 'bom-not-utf8':
      return m.price_upload_bom_not_utf8({ line: String(problem.line) }, { locale })
    case 'mixed-encoding':
      return m.price_upload_mixed_encoding({ line: String(problem.line), utf8Line: String(problem.utf8Line) }, { locale })
  }
}
