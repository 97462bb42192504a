import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TableOrCards } from '../../app/ui/data-cards'
import type { Column } from '../../app/ui/data-table'
import { runWithStartContext, type StartStorageContext } from '@tanstack/start-storage-context'
import { runInNewContext } from 'node:vm'
import { DESKTOP_QUERY, ROW_BUTTONS_QUERY, SCREEN_COOKIE_SCRIPT, SCREEN_QUERIES, screenHint } from '../../app/ui/screen-queries'
import { hintedMatch } from '../../app/ui/use-media-query'

// The screen hint (docs/decisions/062-screen-hint.md): the cookie's digits, read strictly, and a
// list rendered on the server with only the form the hinted screen shows.
describe('the screen cookie', () => {
  it('is written by the page’s inline script: one digit per query, in the order of SCREEN_QUERIES, and again when an answer changes', () => {
    expect(SCREEN_QUERIES).toEqual([ROW_BUTTONS_QUERY, DESKTOP_QUERY])
    // A tablet: the row buttons' width, not the desktop's; then turned narrower than both.
    const lists = new Map<string, { matches: boolean; listeners: Array<() => void> }>()
    const matchMedia = (query: string) => {
      const list = {
        matches: query === ROW_BUTTONS_QUERY,
        listeners: [] as Array<() => void>,
        addEventListener: (_type: string, listener: () => void) => list.listeners.push(listener),
      }
      lists.set(query, list)
      return list
    }
    const document = { cookie: '' }
    runInNewContext(SCREEN_COOKIE_SCRIPT, { matchMedia, document, location: { protocol: 'https:' } })
    expect(document.cookie).toBe('portal_screen=10; path=/; max-age=31536000; samesite=lax; secure')
    const rowButtons = lists.get(ROW_BUTTONS_QUERY)!
    rowButtons.matches = false
    for (const listener of rowButtons.listeners) listener()
    expect(document.cookie).toBe('portal_screen=00; path=/; max-age=31536000; samesite=lax; secure')
    runInNewContext(SCREEN_COOKIE_SCRIPT, {
      matchMedia: () => ({ matches: true, addEventListener: () => undefined }),
      document,
      location: { protocol: 'http:' },
    })
    expect(document.cookie).toBe('portal_screen=11; path=/; max-age=31536000; samesite=lax')
  })

  it.each([
    ['11', '11'],
    ['00', '00'],
    ['10', '10'],
    ['', null],
    ['1', null],
    ['111', null],
    ['1x', null],
    [' 11', null],
    ['11\n', null],
    [undefined, null],
    [null, null],
  ])('%j is read as %j', (value, hint) => {
    expect(screenHint(value)).toBe(hint)
  })

  it('never takes a value that is not its digits (generated)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const hint = screenHint(value)
        expect(hint === null || /^[01]{2}$/.test(hint)).toBe(true)
      }),
      { seed: 62, numRuns: 500 },
    )
  })

  it('answers the queries it holds, and no other', () => {
    expect(hintedMatch('10', ROW_BUTTONS_QUERY)).toBe(true)
    expect(hintedMatch('10', DESKTOP_QUERY)).toBe(false)
    expect(hintedMatch('10', '(min-width: 40rem)')).toBeNull()
    expect(hintedMatch(null, DESKTOP_QUERY)).toBeNull()
  })
})

type Row = { id: string; name: string }
const columns: Column<Row>[] = [
  { id: 'name', header: () => 'Name', cell: (row) => row.name, card: 'title' },
  { id: 'id', header: () => 'Number', cell: (row) => row.id },
]
const list = () =>
  createElement(TableOrCards<Row>, {
    label: 'Rows',
    columns,
    rows: [{ id: '1', name: 'Holz GmbH' }],
    rowKey: (row) => row.id,
    state: { kind: 'ready', refreshing: false },
    empty: 'None',
  })
// Rendered as on the server for a request whose context holds the hint (what app/server.ts passes).
const rendered = (hint: string | null) =>
  runWithStartContext({ contextAfterGlobalMiddlewares: { screen: hint } } as unknown as StartStorageContext, () => renderToString(list()))

describe('a list rendered on the server', () => {
  it('is the table alone for a desktop', () => {
    const html = rendered('11')
    expect(html).toContain('<table')
    expect(html).not.toContain('<dl')
  })

  it('is the cards alone for a phone or a tablet', () => {
    for (const hint of ['00', '10']) {
      const html = rendered(hint)
      expect(html).not.toContain('<table')
      expect(html).toContain('<dl')
    }
  })

  it('is both forms without a hint, CSS showing one', () => {
    const html = rendered(null)
    expect(html).toContain('<table')
    expect(html).toContain('<dl')
  })
})
