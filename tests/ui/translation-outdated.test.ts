import { describe, expect, it } from 'vitest'
import { isOutdated, revisionsOf, type EntryRow, type PendingRow } from '../../app/features/translation/local-keys'
import { needsWork, translatedCount, visibleRows } from '../../app/features/translation/texts-rows'
import { sourceAt } from '../../app/features/translation/history-source'
import { pendingRow } from './pending-row'

// Outdated translations on the desk (decision 038): a translation made against an older
// source revision is shown as outdated, has its filter, is not counted as done, and an edit
// (a confirmation too) takes it out of that state.

const entry = (key: string, target: string | null, revision?: number, targetRevision?: number | null): EntryRow => ({
  datasetId: 'vartext|master|fr',
  order: 0,
  key,
  desc: null,
  tags: [],
  source: `Quelle ${key}`,
  target,
  stamp: target === null ? null : '2026-11-01T00:00:00Z',
  ...(revision !== undefined ? { revision, targetRevision: targetRevision ?? null } : {}),
})
const confirmation = (key: string, value: string) => pendingRow(key, value, { confirm: true })

describe('outdated translations', () => {
  it('is a translation made against a lower source revision; copies kept without revisions are never outdated', () => {
    expect(isOutdated(entry('a', 'Texte', 3, 2))).toBe(true)
    expect(isOutdated(entry('a', 'Texte', 3, 3))).toBe(false)
    expect(isOutdated(entry('a', null, 3, null))).toBe(false)
    expect(isOutdated(entry('a', 'Texte'))).toBe(false)
  })

  it('has its status and filter, is not counted as translated, and is work to do; a confirmation makes it unsaved', () => {
    const entries = [entry('old', 'Ancien', 2, 1), entry('new', 'Neuf', 1, 1), entry('none', null, 1)]
    const none = new Map<string, PendingRow>()
    expect(visibleRows(entries, none, { filter: 'all', q: '', openKey: null }).map((row) => row.status)).toEqual(['outdated', 'translated', 'untranslated'])
    expect(visibleRows(entries, none, { filter: 'outdated', q: '', openKey: null }).map((row) => row.entry.key)).toEqual(['old'])
    expect(visibleRows(entries, none, { filter: 'translated', q: '', openKey: null }).map((row) => row.entry.key)).toEqual(['new'])
    expect(translatedCount(entries, none)).toEqual({ translated: 1, total: 3 })
    expect(visibleRows(entries, none, { filter: 'all', q: '', openKey: null }).map(needsWork)).toEqual([true, false, true])
    const confirmed = new Map([['old', confirmation('old', 'Ancien')]])
    expect(visibleRows(entries, confirmed, { filter: 'all', q: '', openKey: null })[0]?.status).toBe('unsaved')
    expect(translatedCount(entries, confirmed)).toEqual({ translated: 2, total: 3 })
  })

  it("reads a kept answer's revisions: the source's under any other language, the translation's under the target", () => {
    const revisions = { master: { k: 4 }, fr: { k: 2 } }
    expect(revisionsOf(revisions, 'k', 'fr')).toEqual({ revision: 4, targetRevision: 2 })
    expect(revisionsOf(revisions, 'other', 'fr')).toEqual({ targetRevision: null })
    expect(revisionsOf(undefined, 'k', 'fr')).toEqual({ targetRevision: null })
  })

  it("finds the source a translation was made against in the source's history", () => {
    const entries = [
      { before: 'Zwei', after: 'Drei', revision: 3, by: null, at: '2026-11-03T00:00:00Z' },
      { before: 'Eins', after: 'Zwei', revision: 2, by: null, at: '2026-11-02T00:00:00Z' },
    ]
    expect(sourceAt(entries, 2)).toBe('Zwei')
    expect(sourceAt(entries, 1)).toBe('Eins')
    expect(sourceAt(entries, 0)).toBeNull()
  })
})
