import { afterEach, describe, expect, it } from 'vitest'
import type { EntryRow } from '../../app/features/translation/local-keys'
import { translatedCount, visibleRows } from '../../app/features/translation/texts-rows'
import { lengthLimits } from '../../app/features/translation/issue-keys'
import { hasIssues, saveSummary } from '../../app/features/translation/translation-issues'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'
import { pendingRow } from './pending-row'

// The desk's "with issues" filter and the summary before a save (decision 037).
afterEach(() => overwriteGetLocale(() => baseLocale))
/** An unsaved English edit of the translator's; `source`: the text it was made against. */
const edit = (key: string, value: string, source?: string) =>
  pendingRow(key, value, { owner: 'translator', dst: 'en', ...(source === undefined ? {} : { source }) })
const PAIR = { sourceLanguage: 'master', targetLanguage: 'en' }

const entry = (key: string, source: string, target: string | null, order = 0, tags: string[] = []): EntryRow => ({
  datasetId: 'vartext|master|en',
  order,
  key,
  desc: null,
  tags,
  source,
  target,
  stamp: target === null ? null : '2026-11-01T00:00:00Z',
})

const ENTRIES = [
  entry('good', 'Schublade {0}.', 'Drawer {0}.', 0),
  entry('lost', 'Schublade {0}.', 'Drawer.', 1),
  entry('open', 'Tür {0}.', null, 2),
  entry('typed', 'Tür {0}.', 'Door {0}.', 3),
]

describe('the list with issues', () => {
  it('keeps the texts the checks find something in, with the edits on the device, never an untranslated one', () => {
    const pending = new Map([['typed', edit('typed', 'door')]])
    const issueKeys = new Set(ENTRIES.filter((row) => hasIssues(row.source, pending.get(row.key)?.value ?? row.target ?? '', PAIR)).map((row) => row.key))
    expect([...issueKeys].sort()).toEqual(['lost', 'typed'])
    const rows = visibleRows(ENTRIES, pending, { filter: 'issues', q: '', openKey: null, issueKeys })
    expect(rows.map((row) => row.entry.key)).toEqual(['lost', 'typed'])
    expect(rows[1]!.status).toBe('unsaved')
    // Not known yet: none (the screen says it is checking); the open entry stays whatever.
    expect(visibleRows(ENTRIES, pending, { filter: 'issues', q: '', openKey: 'good', issueKeys: null }).map((row) => row.entry.key)).toEqual(['good'])
    // The other filters do not look at them.
    expect(visibleRows(ENTRIES, pending, { filter: 'all', q: '', openKey: null, issueKeys: new Set() })).toHaveLength(4)
    expect(translatedCount(ENTRIES, pending)).toEqual({ translated: 3, total: 4 })
  })
})

describe('the summary before a save', () => {
  it('names each edit with issues, errors first, in the reader’s language', () => {
    overwriteGetLocale(() => 'en')
    const rows = [
      edit('b-warn', 'drawer {0}.', 'Schublade {0}.'),
      edit('a-fine', 'Drawer {0}.', 'Schublade {0}.'),
      edit('c-error', 'Drawer.', 'Schublade {0}.'),
      // Kept before edits carried their source: not checked, saved as before.
      edit('d-old', 'Drawer.'),
    ]
    const summary = saveSummary(rows, { sourceLanguage: 'master' })
    expect(summary.map((item) => item.key)).toEqual(['c-error', 'b-warn'])
    expect(summary[0]).toMatchObject({ value: 'Drawer.', errors: 1 })
    expect(summary[0]!.issues).toContainEqual({ severity: 'error', text: expect.stringContaining('{0}') as string })
    expect(summary[1]!.issues).toEqual([{ severity: 'warning', text: expect.stringMatching(/capital|letter/i) as string }])
    overwriteGetLocale(() => 'de')
    expect(saveSummary(rows, { sourceLanguage: 'master' })[0]!.issues[0]!.text).toMatch(/Platzhalter/)
  })

  it("checks each text's length limit, from its max-length tag, in the list and the summary", () => {
    overwriteGetLocale(() => 'en')
    const entries = [entry('limited', 'Tür', 'Door', 0, ['door', 'max-length:8']), entry('free', 'Tür', 'Door', 1, ['door']), entry('bare', 'Tür', null, 2)]
    const limits = lengthLimits(entries)
    expect([...limits]).toEqual([['limited', 8]])
    // Eleven characters: too long where the limit is 8, fine where there is none.
    expect(hasIssues('Tür', 'Sliding door', { ...PAIR, maxLength: 8 })).toBe(true)
    expect(hasIssues('Tür', 'Sliding door', PAIR)).toBe(false)
    const rows = [edit('limited', 'Sliding door', 'Tür'), edit('free', 'Sliding door', 'Tür')]
    const summary = saveSummary(rows, { sourceLanguage: 'master', limits })
    expect(summary).toEqual([
      { key: 'limited', value: 'Sliding door', source: 'Tür', errors: 1, whiteSpace: false, issues: [{ severity: 'error', text: '12 characters, 8 allowed' }] },
    ])
    overwriteGetLocale(() => 'de')
    expect(saveSummary(rows, { sourceLanguage: 'master', limits })[0]!.issues[0]!.text).toBe('12 Zeichen, erlaubt sind 8')
    // Without the screen's limits (a screen with none): nothing.
    expect(saveSummary(rows, { sourceLanguage: 'master' })).toEqual([])
  })

  it('is empty when nothing has issues, and for no edits', () => {
    expect(saveSummary([edit('a', 'Drawer {0}.', 'Schublade {0}.')], { sourceLanguage: 'master' })).toEqual([])
    expect(saveSummary([], { sourceLanguage: 'master' })).toEqual([])
  })
})
