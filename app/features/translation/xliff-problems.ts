import { m } from '../../../src/paraglide/messages'
import type { Locale } from '../../../src/paraglide/runtime'
import { XLIFF_FILE_MAX_MB, type XliffProblem } from './xliff-file'

/** Why an XLIFF file was refused, in words (in `locale`, else the page's language). */
export function xliffProblemText(problem: XliffProblem | { kind: 'no_copy' }, locale?: Locale): string {
  const options = locale ? { locale } : {}
  switch (problem.kind) {
    case 'too_big':
      return m.xliff_too_big({ limit: `${XLIFF_FILE_MAX_MB} MB` }, options)
    case 'not_xml':
      return m.xliff_not_xml({ line: problem.line, column: problem.column }, options)
    case 'not_xliff':
      return m.xliff_not_xliff({}, options)
    case 'wrong_version':
      return m.xliff_wrong_version({ version: problem.version }, options)
    case 'wrong_languages':
      return m.xliff_wrong_languages({ file: problem.file, screen: problem.screen }, options)
    case 'wrong_scope':
      return m.xliff_wrong_scope({ file: problem.file, screen: problem.screen }, options)
    case 'no_id':
      return m.xliff_no_id({ line: problem.line }, options)
    case 'duplicate':
      return m.xliff_duplicate({ line: problem.line, key: problem.key, first: problem.first }, options)
    case 'too_long':
      return m.xliff_too_long({ line: problem.line, key: problem.key }, options)
    case 'inline_code':
      return m.xliff_inline_code({ line: problem.line, key: problem.key, element: problem.element }, options)
    case 'no_copy':
      return m.xliff_no_copy({}, options)
  }
}
