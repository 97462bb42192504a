import { describe, expect, it } from 'vitest'
import type { EntryRow } from '../../app/features/translation/local-keys'
import { mergeOverlays, reviewCalls, type QueuedComment, type QueuedReview } from '../../app/features/translation/review-queue'
import { bodyOf, settleReviews } from '../../app/features/translation/review-send'
import { approvableRows, reviewCounts, rowReview, type ReviewOverlay } from '../../app/features/translation/review-states'
import { visibleRows } from '../../app/features/translation/texts-rows'
import { ENTRY_FILTERS, workspaceSearch } from '../../app/features/translation/workspace-search'
import { pendingRow } from './pending-row'

// Reviewing on the desk (docs/decisions/049): the review filters and marks, and how the queue
// of reviews made on the device (offline too) merges per text and takes the server's answer.

const entry = (key: string, target: string | null, extra: Partial<EntryRow> = {}, order = 0): EntryRow => ({
  datasetId: 'vartext|master|en',
  order,
  key,
  desc: null,
  tags: [],
  source: `Quelle ${key}`,
  target,
  stamp: target === null ? null : `2026-11-0${order + 1}T00:00:00.000Z`,
  revision: 1,
  targetRevision: target === null ? null : 1,
  ...extra,
})

const ENTRIES = [
  entry('open', null, {}, 0),
  entry('plain', 'Plain', {}, 1),
  entry('ok', 'OK', { review: 'approved' }, 2),
  entry('back', 'Back', { review: 'needs_editing', comments: 2 }, 3),
  entry('old', 'Old', { revision: 2, review: 'approved' }, 4),
  entry('typed', 'Typed', {}, 5),
]
const PENDING = new Map([['typed', pendingRow('typed', 'Typed again', { dst: 'en' })]])
const keys = (filter: (typeof ENTRY_FILTERS)[number], reviews?: ReadonlyMap<string, ReviewOverlay>) =>
  visibleRows(ENTRIES, PENDING, { filter, q: '', openKey: null, reviews }).map((row) => row.entry.key)

describe('the review filters', () => {
  it('keeps the names the progress screen links to', () => {
    for (const name of ['untranslated', 'outdated', 'unreviewed', 'needs_editing', 'approved', 'issues', 'commented']) expect(ENTRY_FILTERS).toContain(name)
    expect(workspaceSearch.parse({ filter: 'needs_editing' }).filter).toBe('needs_editing')
    expect(workspaceSearch.parse({ filter: 'reviewed' }).filter).toBe('all')
  })

  it('unreviewed: translated, current and saved, neither approved nor sent back', () => {
    expect(keys('unreviewed')).toEqual(['plain'])
  })

  it('approved leaves out an outdated approval; needs_editing and commented take what the server sent', () => {
    expect(keys('approved')).toEqual(['ok'])
    expect(keys('needs_editing')).toEqual(['back'])
    expect(keys('commented')).toEqual(['back'])
  })

  it('a verdict or a comment waiting on the device counts as made', () => {
    const reviews = new Map<string, ReviewOverlay>([
      ['plain', { verdict: 'approved', conflict: false, waitingComments: 1 }],
      ['ok', { verdict: 'needs_editing', conflict: false, waitingComments: 0 }],
    ])
    expect(keys('approved', reviews)).toEqual(['plain'])
    expect(keys('needs_editing', reviews)).toEqual(['ok', 'back'])
    expect(keys('commented', reviews)).toEqual(['plain', 'back'])
    expect(keys('unreviewed', reviews)).toEqual([])
    const row = visibleRows(ENTRIES, PENDING, { filter: 'all', q: '', openKey: null, reviews }).find((each) => each.entry.key === 'plain')!
    expect(row.review).toEqual({ state: 'approved', waiting: true, conflict: false, comments: 1, waitingComments: 1 })
  })

  it('a refused verdict shows the server state with the conflict', () => {
    const review = rowReview(ENTRIES[2]!, { verdict: 'needs_editing', conflict: true, waitingComments: 0 })
    expect(review).toMatchObject({ state: 'approved', waiting: false, conflict: true })
  })

  it('counts approved (not outdated) and sent back texts, and what a reviewer may approve at once', () => {
    expect(reviewCounts(ENTRIES, new Map())).toEqual({ approved: 1, needsEditing: 1 })
    const rows = visibleRows(ENTRIES, PENDING, { filter: 'all', q: '', openKey: null })
    // Not the untranslated, the approved, the outdated or the unsaved one.
    expect(approvableRows(rows).map((row) => row.entry.key)).toEqual(['plain', 'back'])
  })
})

const queued = (key: string, changes: Partial<QueuedReview> = {}): QueuedReview => ({
  id: `r|vartext|en|${key}`,
  owner: 'r',
  kind: 'vartext',
  lang: 'en',
  key,
  verdict: 'approved',
  base: `stamp-${key}`,
  comment: null,
  at: 1,
  state: 'waiting',
  theirs: null,
  reason: null,
  ...changes,
})
const comment = (key: string, at: number): QueuedComment => ({
  clientId: `c-${key}-${at}`,
  owner: 'r',
  kind: 'vartext',
  lang: 'en',
  key,
  text: 'Hm',
  at,
  reason: null,
})

describe('the queue of reviews made on the device', () => {
  it('sends one call per area, language, verdict and comment, each text with the stamp seen', () => {
    const calls = reviewCalls(
      [
        queued('a'),
        queued('b', { verdict: 'needs_editing', comment: 'Tone' }),
        queued('c'),
        queued('d', { lang: 'fr' }),
        queued('e', { verdict: 'needs_editing', comment: 'Tone' }),
      ],
      5000,
    )
    expect(calls.map((call) => call.map((review) => review.key))).toEqual([['a', 'c'], ['b', 'e'], ['d']])
    expect(bodyOf(calls[1]!)).toEqual({
      kind: 'vartext',
      lang: 'en',
      keys: ['b', 'e'],
      state: 'needs_editing',
      comment: 'Tone',
      bases: { b: 'stamp-b', e: 'stamp-e' },
    })
    expect(bodyOf(calls[0]!)).not.toHaveProperty('comment')
    expect(reviewCalls([queued('a'), queued('b'), queued('c')], 2).map((call) => call.length)).toEqual([2, 1])
  })

  it('merges per text: reviewed texts leave the queue, changed ones stay as conflicts, one made again meanwhile stays to be sent', () => {
    const sent = [queued('a'), queued('b'), queued('c'), queued('d')]
    const now = [sent[0], sent[1], { ...sent[2]!, verdict: 'needs_editing' as const, at: 2 }, undefined]
    const settled = settleReviews(sent, now, {
      reviewed: { a: 'approved' },
      skipped: [],
      conflicts: [
        { key: 'b', base: 'stamp-b', value: 'Changed', stamp: 'stamp-b2', by: 'Tom (tom@example.com)' },
        { key: 'c', base: 'stamp-c', value: 'Changed', stamp: 'stamp-c2', by: null },
      ],
    })
    expect(settled.remove).toEqual(['r|vartext|en|a'])
    expect(settled.conflicts).toEqual([{ id: 'r|vartext|en|b', theirs: { value: 'Changed', stamp: 'stamp-b2', by: 'Tom (tom@example.com)' } }])
  })

  it('a text without a translation any more (skipped) leaves the queue', () => {
    expect(settleReviews([queued('a')], [queued('a')], { reviewed: {}, skipped: ['a'], conflicts: [] }).remove).toEqual(['r|vartext|en|a'])
  })

  it('shows per text the verdict waiting or refused and the comments waiting', () => {
    const overlays = mergeOverlays(
      [queued('a'), queued('b', { state: 'conflict', verdict: 'needs_editing' })],
      [comment('a', 1), comment('a', 2), comment('c', 3)],
    )
    expect(Object.fromEntries(overlays)).toEqual({
      a: { verdict: 'approved', conflict: false, waitingComments: 2 },
      b: { verdict: 'needs_editing', conflict: true, waitingComments: 0 },
      c: { verdict: null, conflict: false, waitingComments: 1 },
    })
  })
})

describe('the review keys', () => {
  it('match Alt+Enter and Alt+Shift+Enter only, and no other key of the desk matches them', async () => {
    const { DESK_KEYS, isDeskKey } = await import('../../app/features/translation/desk-keys')
    const { REVIEW_KEYS } = await import('../../app/features/translation/review-keys')
    const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
      key,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    })
    const approve = press('Enter', { altKey: true })
    const sendBack = press('Enter', { altKey: true, shiftKey: true })
    expect(isDeskKey(approve, REVIEW_KEYS.approve)).toBe(true)
    expect(isDeskKey(sendBack, REVIEW_KEYS.sendBack)).toBe(true)
    expect(isDeskKey(sendBack, REVIEW_KEYS.approve)).toBe(false)
    expect(isDeskKey(press('Enter', { ctrlKey: true }), REVIEW_KEYS.approve)).toBe(false)
    for (const [name, deskKey] of Object.entries(DESK_KEYS)) {
      expect(isDeskKey(approve, deskKey), name).toBe(false)
      expect(isDeskKey(sendBack, deskKey), name).toBe(false)
    }
  })
})
