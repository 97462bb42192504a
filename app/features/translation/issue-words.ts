import type { TranslationIssue } from '../../../src/domain/translation-checks'
import { m } from '../../../src/paraglide/messages'

// What a quality check (src/domain/translation-checks.ts) found, in the reader's language.

/** One issue in words. */
export function issueText(issue: TranslationIssue): string {
  const list = issue.items.join(' ')
  switch (issue.check) {
    case 'placeholders_missing':
      return m.translation_placeholders_missing({ list })
    case 'placeholders_extra':
      return m.translation_placeholders_extra({ list })
    case 'tags_missing':
      return m.translation_tags_missing({ list })
    case 'tags_extra':
      return m.translation_tags_extra({ list })
    case 'escapes_missing':
      return m.translation_escapes_missing({ list })
    case 'escapes_extra':
      return m.translation_escapes_extra({ list })
    case 'numbers_missing':
      return m.translation_numbers_missing({ list })
    case 'numbers_extra':
      return m.translation_numbers_extra({ list })
    case 'numbers_format':
      return pairs(issue.items)
        .map(([written, meant]) => m.translation_numbers_format({ written, meant }))
        .join(' ')
    case 'brackets_missing':
      return m.translation_brackets_missing({ list })
    case 'brackets_extra':
      return m.translation_brackets_extra({ list })
    case 'line_breaks':
      return m.translation_line_breaks({ source: issue.items[0] ?? '', translation: issue.items[1] ?? '' })
    case 'tabs':
      return m.translation_tabs({ source: issue.items[0] ?? '', translation: issue.items[1] ?? '' })
    case 'edge_spaces':
      return m.translation_edge_spaces()
    case 'double_spaces':
      return m.translation_double_spaces()
    case 'doubled_words':
      return m.translation_doubled_words({ list: issue.items.join(', ') })
    case 'end_punctuation':
      return issue.items[0] ? m.translation_end_punctuation({ end: issue.items[0] }) : m.translation_end_punctuation_none()
    case 'first_letter':
      return m.translation_first_letter()
    case 'too_long':
      return m.translation_too_long({ length: issue.items[0] ?? '', limit: issue.items[1] ?? '' })
    case 'same_as_source':
      return m.translation_same_as_source()
    case 'glossary':
      return m.translation_glossary({ list: issue.items.join(', ') })
  }
}

/** [a, b, c, d] → [[a, b], [c, d]]. */
function pairs(items: ReadonlyArray<string>): Array<[string, string]> {
  const paired: Array<[string, string]> = []
  for (let i = 0; i + 1 < items.length; i += 2) paired.push([items[i]!, items[i + 1]!])
  return paired
}
