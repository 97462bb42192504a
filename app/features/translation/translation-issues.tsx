import { checkTranslation, type CheckOptions, type TranslationIssue } from '../../../src/domain/translation-checks'
import type { PendingRow } from './local-keys'
import { glossaryFor } from './glossary-live'
import type { ReactNode } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'

// What the quality checks (src/domain/translation-checks.ts) find in a translation, each marked
// as an error or a warning, in the reader's language. Loaded on first use (issues-slot.tsx).

const listClass = css({ display: 'grid', gap: '0.5', fontSize: 'sm', listStyle: 'none', p: '0', m: '0' })
const itemClass = {
  error: css({ color: 'danger.700', overflowWrap: 'anywhere' }),
  warning: css({ color: 'warning.700', overflowWrap: 'anywhere' }),
}
const badgeClass = css({ fontWeight: 'semibold' })

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
    case 'numbers_missing':
      return m.translation_numbers_missing({ list })
    case 'numbers_extra':
      return m.translation_numbers_extra({ list })
    case 'edge_spaces':
      return m.translation_edge_spaces()
    case 'double_spaces':
      return m.translation_double_spaces()
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

/** The terms the glossary check looks for (decision 037); none where the screen has none. */
type Glossary = CheckOptions['glossary']

/**
 * The list of the issues of `value` against `source`; null when there are none. `options`: the
 * screen's glossary and the text's length limit (its `max-length:N` tag), where there are any.
 */
export function issuesList(source: string, value: string, options: CheckOptions = {}): ReactNode {
  const issues = checkTranslation(source, value, options)
  if (issues.length === 0) return null
  return (
    <ul className={listClass}>
      {issues.map((issue) => (
        <li key={issue.check} data-check={issue.check} data-severity={issue.severity} className={itemClass[issue.severity]}>
          <span className={badgeClass}>{issue.severity === 'error' ? m.translation_issue_error() : m.translation_issue_warning()}:</span> {issueText(issue)}
        </li>
      ))}
    </ul>
  )
}

/** Whether the checks find anything in `value` against `source` (the list's "with issues" filter). */
export function hasIssues(source: string, value: string, options: CheckOptions = {}): boolean {
  return checkTranslation(source, value, options).length > 0
}

/** An edit about to be saved that the checks find something in, with the issues in words. */
export type SummaryItem = { key: string; value: string; errors: number; issues: Array<{ severity: TranslationIssue['severity']; text: string }> }

/**
 * The edits of `rows` with issues (those kept with their source), errors first, then by key.
 * `glossaryOf`: the terms into a target language — by default those of the open screen.
 * `limits`: key → length limit of the screen's texts that have one (their `max-length:N` tag).
 */
export function saveSummary(
  rows: ReadonlyArray<PendingRow>,
  { glossaryOf = glossaryFor, limits }: { glossaryOf?: (dst: string) => Glossary; limits?: ReadonlyMap<string, number> } = {},
): SummaryItem[] {
  const items: SummaryItem[] = []
  for (const row of rows) {
    if (row.source === undefined) continue
    const maxLength = limits?.get(row.key)
    const issues = checkTranslation(row.source, row.value, { glossary: glossaryOf(row.dst), ...(maxLength !== undefined ? { maxLength } : {}) })
    if (issues.length === 0) continue
    items.push({
      key: row.key,
      value: row.value,
      errors: issues.filter((issue) => issue.severity === 'error').length,
      issues: issues.map((issue) => ({ severity: issue.severity, text: issueText(issue) })),
    })
  }
  return items.sort((a, b) => (b.errors > 0 ? 1 : 0) - (a.errors > 0 ? 1 : 0) || a.key.localeCompare(b.key))
}
