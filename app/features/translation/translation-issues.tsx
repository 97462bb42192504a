import { checkTranslation, WHITE_SPACE_CHECKS, type CheckOptions } from '../../../src/domain/translation-checks'
import type { ReactNode } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { issueText } from './issue-words'
import { WhiteSpaceCompare } from './visible-white-space'

export { issueText } from './issue-words'
export { SaveSummaryView, holdsBack, saveSummary, type SummaryItem } from './save-summary'

// What the quality checks (src/domain/translation-checks.ts) find in a translation, each marked
// as an error or a warning, in the reader's language. Loaded on first use (issues-slot.tsx), with
// the save's summary and the background save's hold-back (save-summary.tsx).

const listClass = css({ display: 'grid', gap: '0.5', fontSize: 'sm', listStyle: 'none', p: '0', m: '0' })
const itemClass = {
  error: css({ color: 'danger.700', overflowWrap: 'anywhere' }),
  warning: css({ color: 'warning.700', overflowWrap: 'anywhere' }),
}
const badgeClass = css({ fontWeight: 'semibold' })

/**
 * The issues of `value` against `source`, null when there are none: the list (for the editor's
 * status region) and, where an issue is about white space, both texts with it made visible.
 * `options`: the pair's languages, the screen's glossary and the text's length limit.
 */
export function issuesView(source: string, value: string, options: CheckOptions): { list: ReactNode; whiteSpace: ReactNode } | null {
  const issues = checkTranslation(source, value, options)
  if (issues.length === 0) return null
  return {
    list: (
      <ul className={listClass}>
        {issues.map((issue) => (
          <li key={issue.check} data-check={issue.check} data-severity={issue.severity} className={itemClass[issue.severity]}>
            <span className={badgeClass}>{issue.severity === 'error' ? m.translation_issue_error() : m.translation_issue_warning()}:</span> {issueText(issue)}
          </li>
        ))}
      </ul>
    ),
    whiteSpace: issues.some((issue) => WHITE_SPACE_CHECKS.has(issue.check)) ? <WhiteSpaceCompare source={source} value={value} /> : null,
  }
}

/** Whether the checks find anything in `value` against `source` (the list's "with issues" filter). */
export function hasIssues(source: string, value: string, options: CheckOptions): boolean {
  return checkTranslation(source, value, options).length > 0
}
