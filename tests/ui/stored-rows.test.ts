import { describe, expect, it } from 'vitest'
import { glossaryRow, pendingRow as pendingSchema, thoseThatFit } from '../../app/features/translation/stored-rows'
import { pendingRow } from './pending-row'

// The desk's unsaved edits and glossary terms as they are read back from IndexedDB: what every
// build writes fits, what does not fit is told apart (and, for edits, kept: local-store.ts).
describe('kept rows read back', () => {
  it('an edit as the desk writes it fits, with every optional field, and a conflict without a username (older builds) too', () => {
    const rows = [
      pendingRow('a', 'Bonjour'),
      pendingRow('b', 'Salut', {
        scope: 'article_unit',
        unit: { articleId: 7, tid: 'name' },
        source: 'Hallo',
        confirm: true,
        fromMemory: true,
        state: 'conflict',
        theirs: { value: 'Coucou', stamp: 's1', by: 'Anna (anna@example.com)', username: 'anna' },
      }),
      { ...pendingRow('c', 'Ciao', { state: 'conflict' }), theirs: { value: null, stamp: null, by: null } },
    ]
    const fit = thoseThatFit(pendingSchema, rows)
    expect(fit.map((row) => row.key)).toEqual(['a', 'b', 'c'])
    expect(fit[2]?.theirs?.username).toBeNull()
    expect(fit[1]).toEqual(rows[1])
  })

  it('keeps a field a newer build added through the read (a write back loses nothing)', () => {
    const [read] = thoseThatFit(pendingSchema, [{ ...pendingRow('a', 'Bonjour'), note: 'added later' }])
    expect(read).toMatchObject({ key: 'a', note: 'added later' })
  })

  it('an edit with a value that is not text, an unknown scope or state, or no owner does not fit', () => {
    const rows: unknown[] = [
      { ...pendingRow('a', 'x'), value: 42 },
      { ...pendingRow('b', 'x'), scope: 'invoice' },
      { ...pendingRow('c', 'x'), state: 'sent' },
      { ...pendingRow('d', 'x'), owner: undefined },
      null,
      'text',
    ]
    expect(thoseThatFit(pendingSchema, rows)).toEqual([])
  })

  it('a glossary term that does not fit is told apart from one that does', () => {
    const term = {
      id: 1,
      source: 'master',
      term: 'Scharnier',
      language: 'fr',
      translation: 'charnière',
      note: null,
      created_at: '2026-11-01T10:00:00Z',
      created_by: 'Anna (anna@example.com)',
      updated_at: '2026-11-01T10:00:00Z',
      updated_by: null,
    }
    const fits = glossaryRow.safeParse(term)
    if (!fits.success) expect.fail(`a term as the server answers it should fit: ${fits.error.message}`)
    expect(glossaryRow.safeParse({ ...term, id: 'one' }).success).toBe(false)
  })
})
