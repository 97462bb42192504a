import { TEXT_VALUE_MAX } from '../../../src/contract/translation-save'
import { m } from '../../../src/paraglide/messages'
import { getLocale, type Locale } from '../../../src/paraglide/runtime'
import { XLIFF_FILE_MAX_MB, type XliffProblem } from './xliff-file'

type Options = { locale?: Locale }

/** What a <file original> names, in words ('catalogue:12' → "the labels of catalogue 12"). */
function what(original: string, options: Options): string {
  if (original === 'vartext') return m.xliff_what_vartext({}, options)
  if (original === 'system') return m.xliff_what_system({}, options)
  const catalogue = /^catalogue:(\d+)(:articles)?$/.exec(original)
  if (catalogue) return catalogue[2] ? m.xliff_what_articles({ id: catalogue[1]! }, options) : m.xliff_what_catalogue({ id: catalogue[1]! }, options)
  return m.xliff_what_other({ name: original }, options)
}

/** Why an XLIFF file was refused, in words (in `locale`, else the page's language). */
export function xliffProblemText(problem: XliffProblem | { kind: 'no_copy' }, locale?: Locale): string {
  const options: Options = locale ? { locale } : {}
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
      return m.xliff_wrong_scope({ file: what(problem.file, options), screen: what(problem.screen, options) }, options)
    case 'no_id':
      return m.xliff_no_id({ line: problem.line }, options)
    case 'duplicate':
      return m.xliff_duplicate({ line: problem.line, key: problem.key, first: problem.first }, options)
    case 'too_long':
      return m.xliff_too_long({ line: problem.line, key: problem.key, max: TEXT_VALUE_MAX.toLocaleString(locale ?? getLocale()) }, options)
    case 'inline_code':
      return m.xliff_inline_code({ line: problem.line, key: problem.key, element: problem.element }, options)
    case 'no_copy':
      return m.xliff_no_copy({}, options)
  }
}
