import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { nextUntranslated } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { showToast } from '../../ui/toast'
import type { Scope } from './local-store'
import { TextRowItem } from './text-row'
import { needsWork, type TextRow } from './texts-rows'
import { usePreloadHistory } from './history-lazy'
import { DESK_KEYS, NAV_FROM, isDeskKey, isTyping } from './desk-keys'
import { loadDeskActions } from './desk-lazy'
import { claimOf } from './claims'

// The workspace's entries as one virtualized list under the page (100,000 rows scroll with
// the window), with the keyboard (decision 048): ? for the shortcuts, Alt+↓/↑ to the next or
// previous text to do (also from the filter bar), Escape to close the open one and go back to
// its row. The row the translator is at is always rendered, so its editor has the focus at once
// and is scrolled into place by its key, wherever the filter moves it.

export function TextsList({
  rows,
  label,
  complete,
  openKey,
  atKey,
  onOpenKey,
  everyRow,
  scope,
  src,
  dst,
  sourceName,
  targetName,
  onShortcuts,
  compact = false,
}: {
  rows: ReadonlyArray<TextRow>
  label: string
  /** Whether all entries are read and the filter has its answer (the first rows come first). */
  complete: boolean
  openKey: string | null
  /** The row the translator is at: the open one, or the one just closed (moves start there). */
  atKey: string | null
  onOpenKey: (key: string | null) => void
  /** Prev and Next go to every row shown (a filter chose them), not only to those that need work. */
  everyRow: boolean
  scope: Scope
  src: string
  dst: string
  sourceName: string
  targetName: string
  onShortcuts: () => void
  /** Source and translation side by side, one line each where they fit. */
  compact?: boolean
}) {
  usePreloadHistory()
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const hasRows = rows.length > 0
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY)
    const observer = new ResizeObserver(measure)
    observer.observe(list.parentElement ?? list)
    return () => observer.disconnect()
  }, [hasRows])
  const atIndex = atKey === null ? -1 : rows.findIndex((row) => row.entry.key === atKey)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      return atIndex === -1 || indexes.includes(atIndex) ? indexes : [...indexes, atIndex].sort((a, b) => a - b)
    },
    [atIndex],
  )
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (compact ? 40 : 84),
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => rows[index]?.entry.key ?? index,
    rangeExtractor,
  })

  const rowElement = useCallback((key: string) => listRef.current?.querySelector(`[role=listitem][data-key="${CSS.escape(key)}"]`) ?? null, [])

  const open = useCallback(
    (key: string) => {
      onOpenKey(key)
      // The spec's scroll, to the row by its key: by the time it runs the row may stand elsewhere.
      const top = () => {
        const element = rowElement(key)
        return element ? element.getBoundingClientRect().top + window.scrollY : null
      }
      loadDeskActions().then(
        (actions) => actions.scrollIntoPlace(top),
        () => {},
      )
    },
    [onOpenKey, rowElement],
  )

  // Esc gives the focus back to the closed text's row, not to the page.
  const focusRow = useRef<string | null>(null)
  const close = useCallback(() => {
    focusRow.current = openKey
    onOpenKey(null)
  }, [openKey, onOpenKey])
  useLayoutEffect(() => {
    const key = focusRow.current
    if (key === null || openKey !== null) return
    focusRow.current = null
    rowElement(key)?.querySelector<HTMLElement>('button[aria-expanded]')?.focus()
  })

  const move = useCallback(
    (direction: 1 | -1) => {
      // A text someone else has open is skipped, unless this user has an edit of it too (claims.ts).
      const wanted = (index: number) => (everyRow || needsWork(rows[index]!)) && (rows[index]!.pending !== undefined || !claimOf(rows[index]!.entry.key))
      const next = nextUntranslated(wanted, rows.length, atIndex, direction)
      if (next === -1) showToast({ title: () => m.translation_none_left() })
      else open(rows[next]!.entry.key)
    },
    [rows, atIndex, everyRow, open],
  )

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : null
      if (event.defaultPrevented || target?.closest('dialog')) return
      const typing = isTyping(target)
      if (isDeskKey(event, DESK_KEYS.help) && !typing) {
        event.preventDefault()
        onShortcuts()
      } else if ((isDeskKey(event, DESK_KEYS.next) || isDeskKey(event, DESK_KEYS.prev)) && (!typing || target?.closest(NAV_FROM))) {
        event.preventDefault()
        move(isDeskKey(event, DESK_KEYS.next) ? 1 : -1)
      } else if (isDeskKey(event, DESK_KEYS.close) && openKey !== null && !typing) {
        close()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [move, openKey, close, onShortcuts])

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      data-complete={complete ? 'true' : 'false'}
      className={css({ position: 'relative', w: 'full' })}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!
        const isOpen = row.entry.key === openKey
        return (
          <div
            key={item.key}
            role="listitem"
            data-index={item.index}
            data-key={row.entry.key}
            data-status={row.status}
            ref={virtualizer.measureElement}
            className={compact ? compactSlotClass : rowSlotClass}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <TextRowItem
              row={row}
              isOpen={isOpen}
              scope={scope}
              src={src}
              dst={dst}
              sourceName={sourceName}
              targetName={targetName}
              onToggle={() => (isOpen ? close() : open(row.entry.key))}
              onMove={move}
              onClose={close}
              compact={compact}
            />
          </div>
        )
      })}
    </div>
  )
}

const rowSlotClass = css({ position: 'absolute', top: 0, left: 0, w: 'full', pb: '2' })
const compactSlotClass = css({ position: 'absolute', top: 0, left: 0, w: 'full', pb: '0.5' })
