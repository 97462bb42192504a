import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { nextUntranslated } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { showToast } from '../../ui/toast'
import type { Scope } from './local-store'
import { TextRowItem } from './text-row'
import { needsWork, type TextRow } from './texts-rows'
import { usePreloadHistory } from './history-lazy'

// The workspace's entries as one virtualized list under the page (100,000 rows scroll with
// the window), with the keyboard: ? for the shortcuts, Alt+↓/↑ to the next or previous
// untranslated entry, Escape to close the open one.

const SCROLL_DELAY_MS = 100
const SCROLL_OFFSET = -160

export function TextsList({
  rows,
  label,
  complete,
  openKey,
  onOpenKey,
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
  /** Whether all entries are read (the first rows come first). */
  complete: boolean
  openKey: string | null
  onOpenKey: (key: string | null) => void
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
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (compact ? 40 : 84),
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => rows[index]?.entry.key ?? index,
  })

  const open = useCallback(
    (index: number) => {
      const row = rows[index]
      if (!row) return
      onOpenKey(row.entry.key)
      // The spec's scroll: after 100 ms, to the item with 160 px of room above it.
      setTimeout(() => {
        const [offset] = virtualizer.getOffsetForIndex(index, 'start') ?? [0]
        window.scrollTo({ top: Math.max(0, offset + SCROLL_OFFSET) })
      }, SCROLL_DELAY_MS)
    },
    [rows, virtualizer, onOpenKey],
  )

  const openIndex = openKey === null ? -1 : rows.findIndex((row) => row.entry.key === openKey)
  const move = useCallback(
    (direction: 1 | -1) => {
      const next = nextUntranslated((index) => needsWork(rows[index]!), rows.length, openIndex, direction)
      if (next === -1) showToast({ title: () => m.translation_none_left() })
      else open(next)
    },
    [rows, openIndex, open],
  )

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const typing = event.target instanceof HTMLElement && (event.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName))
      if (event.key === '?' && !typing) {
        event.preventDefault()
        onShortcuts()
      } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && !typing) {
        event.preventDefault()
        move(event.key === 'ArrowDown' ? 1 : -1)
      } else if (event.key === 'Escape' && openKey !== null && !typing) {
        onOpenKey(null)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [move, openKey, onOpenKey, onShortcuts])

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
              onToggle={() => (isOpen ? onOpenKey(null) : open(item.index))}
              onMove={move}
              onClose={() => onOpenKey(null)}
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
