import { checkTranslation, hasErrors, WHITE_SPACE_CHECKS, type CheckOptions, type TranslationIssue } from '../../../src/domain/translation-checks'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { PendingRow } from './local-keys'
import { glossaryFor } from './glossary-live'
import { issueText } from './issue-words'
import { VisibleWhiteSpace, WhiteSpaceCompare } from './visible-white-space'

// The edits about to be saved that the quality checks find something in (decision 037): the
// summary before a save, and which edits the background save holds back (those with errors).
// Loaded with the checks, on first use.

/** How many edits with issues the summary names one by one (the rest are counted). */
const SUMMARY_SHOWN = 100

/** An edit about to be saved that the checks find something in, with the issues in words. */
export type SummaryItem = {
  key: string
  value: string
  source: string
  errors: number
  /** Whether an issue is about white space: the summary shows the source beside the text. */
  whiteSpace: boolean
  issues: Array<{ severity: TranslationIssue['severity']; text: string }>
}

/** The checks' options for an edit: its languages and its text's length limit (its `max-length:N` tag). */
type EditContext = { sourceLanguage: string; limits?: ReadonlyMap<string, number> }

function issuesOf(row: PendingRow & { source: string }, { sourceLanguage, limits }: EditContext, glossary: CheckOptions['glossary']): TranslationIssue[] {
  const maxLength = limits?.get(row.key)
  return checkTranslation(row.source, row.value, {
    sourceLanguage,
    targetLanguage: row.dst,
    glossary,
    ...(maxLength !== undefined ? { maxLength } : {}),
  })
}

const withSource = (row: PendingRow): row is PendingRow & { source: string } => row.source !== undefined

/**
 * The edits of `rows` with issues (those kept with their source), errors first, then by key.
 * `sourceLanguage`: the screen's source; `glossaryOf`: the terms into a target language — by
 * default those of the open screen; `limits`: key → length limit of the texts that have one.
 */
export function saveSummary(
  rows: ReadonlyArray<PendingRow>,
  { glossaryOf = glossaryFor, ...context }: EditContext & { glossaryOf?: (dst: string) => CheckOptions['glossary'] },
): SummaryItem[] {
  const items: SummaryItem[] = []
  for (const row of rows.filter(withSource)) {
    const issues = issuesOf(row, context, glossaryOf(row.dst))
    if (issues.length === 0) continue
    items.push({
      key: row.key,
      value: row.value,
      source: row.source,
      errors: issues.filter((issue) => issue.severity === 'error').length,
      whiteSpace: issues.some((issue) => WHITE_SPACE_CHECKS.has(issue.check)),
      issues: issues.map((issue) => ({ severity: issue.severity, text: issueText(issue) })),
    })
  }
  return items.sort((a, b) => (b.errors > 0 ? 1 : 0) - (a.errors > 0 ? 1 : 0) || a.key.localeCompare(b.key))
}

/** Whether the background save on reconnecting holds `row` back: it has an error (warnings go). */
export function holdsBack(row: PendingRow, context: EditContext): boolean {
  return withSource(row) && hasErrors(issuesOf(row, context, undefined))
}

const itemsClass = css({ display: 'grid', gap: '3', maxH: '50vh', overflowY: 'auto', listStyle: 'none', p: '0', m: '0' })
const issueListClass = css({ display: 'grid', gap: '0.5', fontSize: 'sm', listStyle: 'none', p: '0', m: '0' })
const severityClass = { error: css({ color: 'danger.700', overflowWrap: 'anywhere' }), warning: css({ color: 'warning.700', overflowWrap: 'anywhere' }) }

/** The edits with issues, each with what the checks found, errors first; white space visible. */
export function SaveSummaryView({ items }: { items: ReadonlyArray<SummaryItem> }) {
  return (
    <>
      <p>{m.translation_summary_intro({ count: items.length })}</p>
      <ul data-testid="save-summary" className={itemsClass}>
        {items.slice(0, SUMMARY_SHOWN).map((item) => (
          <li key={item.key} data-key={item.key} className={css({ display: 'grid', gap: '1', minW: '0' })}>
            <span className={css({ fontSize: 'xs', fontFamily: 'mono', color: 'fg.muted', overflowWrap: 'anywhere' })}>{item.key}</span>
            {item.whiteSpace ? <WhiteSpaceCompare source={item.source} value={item.value} /> : <VisibleWhiteSpace text={item.value} />}
            <ul className={issueListClass}>
              {item.issues.map((issue) => (
                <li key={issue.text} className={severityClass[issue.severity]}>
                  <span className={css({ fontWeight: 'semibold' })}>
                    {issue.severity === 'error' ? m.translation_issue_error() : m.translation_issue_warning()}:
                  </span>{' '}
                  {issue.text}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {items.length > SUMMARY_SHOWN ? <p>{m.translation_summary_more({ count: items.length - SUMMARY_SHOWN })}</p> : null}
    </>
  )
}
